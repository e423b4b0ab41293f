import { DEFAULT_PAGE_SIZE } from '@gmao/domain/common/api';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePaging } from './use-paging';

describe('usePaging', () => {
  it('starts on page 1 with the default page size', () => {
    const { result } = renderHook(() => usePaging());
    expect(result.current.page).toBe(1);
    expect(result.current.limit).toBe(DEFAULT_PAGE_SIZE);
    expect(result.current.pagination).toMatchObject({ page: 1, limit: DEFAULT_PAGE_SIZE });
  });

  it('changes page, and goes back to page 1 on a new page size or firstPage()', () => {
    const { result } = renderHook(() => usePaging());
    act(() => result.current.pagination.onPageChange(3));
    expect(result.current.page).toBe(3);
    act(() => result.current.pagination.onLimitChange(50));
    expect(result.current).toMatchObject({ page: 1, limit: 50 });
    act(() => result.current.pagination.onPageChange(2));
    act(() => result.current.firstPage());
    expect(result.current.page).toBe(1);
  });
});
