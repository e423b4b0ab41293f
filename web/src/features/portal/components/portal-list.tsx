import { PORTAL_MESSAGES as M } from '@gmao/domain/portal/portal-messages';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Pagination } from '../../../components/ui/pagination';
import { SearchInput } from '../../../components/ui/search-input';
import { Spinner } from '../../../components/ui/spinner';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (a calendar day sent by the server, no time zone to apply). */
export const dayFr = (day: string) => day.split('-').reverse().join('/');

/**
 * One list of the portal: a search box, the rows as cards (phone-friendly), paging, empty and error states.
 */
export function PortalList<T>({
  title,
  search,
  onSearch,
  searchLabel,
  query,
  pagination,
  empty,
  render,
  actions,
}: {
  title: string;
  search?: string;
  onSearch?: (v: string) => void;
  searchLabel?: string;
  query: {
    data?: { data: T[]; pagination: { total: number } };
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  pagination: { page: number; limit: number; onPageChange: (p: number) => void; onLimitChange: (l: number) => void };
  empty: string;
  render: (row: T) => ReactNode;
  actions?: ReactNode;
}) {
  const rows = query.data?.data ?? [];
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {actions}
      </div>
      {onSearch && (
        <SearchInput value={search ?? ''} onChange={onSearch} placeholder={searchLabel} aria-label={searchLabel} />
      )}
      {query.isError ? (
        <LoadErrorState description={M.loadError} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner size="lg" label="Chargement…" />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState headingLevel={2} title={empty} />
      ) : (
        <ul className="space-y-2">{rows.map(render)}</ul>
      )}
      <Pagination {...pagination} total={query.data?.pagination.total ?? 0} pageSizes={[10, 20, 50, 100]} />
    </section>
  );
}
