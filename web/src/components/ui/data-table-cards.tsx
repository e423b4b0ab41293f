import type { ReactNode } from 'react';
import { type DataTableProps, fromNestedControl, SKELETON_ROWS } from './data-table-shared';

/**
 * The phone layout of DataTable: one card per row — the first column as the card's title, the other columns as
 * label/value pairs, the actions in a footer — so nothing hides behind a horizontal scroll.
 */
export function DataTableCards<T>({
  columns,
  rows,
  loading = false,
  rowKey,
  onRowClick,
  actions,
  emptyMessage = 'Aucune donnée disponible',
  caption,
}: DataTableProps<T>) {
  const [first, ...rest] = columns;
  const data = rows ?? [];
  const frame = 'rounded-lg border border-slate-200 bg-white shadow-sm';

  if (loading) {
    return (
      <ul aria-busy="true" aria-label={typeof caption === 'string' ? caption : undefined} className="space-y-3">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity.
          <li key={i} data-skeleton="true" className={`${frame} animate-pulse space-y-2 p-4`}>
            <div className="h-4 w-2/3 rounded bg-slate-200" />
            <div className="h-3 w-1/2 rounded bg-slate-200" />
            <div className="h-3 w-1/3 rounded bg-slate-200" />
          </li>
        ))}
      </ul>
    );
  }
  if (data.length === 0) {
    return <div className={`${frame} px-4 py-10 text-center text-sm text-slate-500`}>{emptyMessage}</div>;
  }

  return (
    <ul aria-label={typeof caption === 'string' ? caption : undefined} className="space-y-3">
      {data.map((row) => {
        const clickable = Boolean(onRowClick);
        const actionNodes: ReactNode = actions?.(row);
        return (
          <li
            key={rowKey(row)}
            tabIndex={clickable ? 0 : undefined}
            onClick={clickable ? (e) => !fromNestedControl(e) && onRowClick?.(row) : undefined}
            onKeyDown={
              clickable
                ? (e) => {
                    if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
                    e.preventDefault();
                    onRowClick?.(row);
                  }
                : undefined
            }
            className={`${frame} ${clickable ? 'cursor-pointer transition-colors hover:bg-blue-50/60 focus-visible:outline-2 focus-visible:outline-blue-500' : ''}`}
          >
            {first && (
              <div className="break-words px-4 pt-3 text-sm font-medium text-slate-900">{first.render(row)}</div>
            )}
            {rest.length > 0 && (
              <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1.5 px-4 py-3 text-sm">
                {rest.map((c) => (
                  <div key={c.key} className="contents">
                    <dt className="pt-0.5 text-xs font-medium uppercase tracking-wide text-slate-500">{c.header}</dt>
                    <dd className="min-w-0 break-words text-slate-700">{c.render(row)}</dd>
                  </div>
                ))}
              </dl>
            )}
            {actions && (
              <div
                data-row-actions="true"
                className="flex cursor-default items-center justify-end gap-1 border-t border-slate-100 px-2 py-1.5"
              >
                {actionNodes}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
