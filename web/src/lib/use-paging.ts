import { DEFAULT_PAGE_SIZE } from '@gmao/domain/common/api';
import { useState } from 'react';

/**
 * Page and page size of a paged list. Choosing a page size, like a new search or filter (`firstPage()`), starts
 * again from page 1. Spread `pagination` on <Pagination> with the total.
 */
export function usePaging() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  return {
    page,
    limit,
    firstPage: () => setPage(1),
    pagination: {
      page,
      limit,
      onPageChange: setPage,
      onLimitChange: (next: number) => {
        setLimit(next);
        setPage(1);
      },
    },
  };
}
