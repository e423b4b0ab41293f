import type { ReactNode } from 'react';
import {
  type DataTableColumn,
  type DataTableProps,
  fromNestedControl,
  ROW_ACTION_SIZE,
  SKELETON_ROWS,
} from './data-table-shared';
import { useKeepFocus } from './use-keep-focus';

/** Splits the columns into the card's leading controls, its title and its labelled values (see DataTableColumn.card). */
function cardParts<T>(columns: DataTableColumn<T>[]) {
  const isLeading = (c: DataTableColumn<T>, i: number) =>
    c.card === 'leading' || (c.card === undefined && i === 0 && typeof c.header !== 'string');
  const leading = columns.filter(isLeading);
  const others = columns.filter((c, i) => !isLeading(c, i) && c.card !== 'hidden');
  const title = others.find((c) => c.card === 'title') ?? others[0];
  return { leading, title, rest: others.filter((c) => c !== title) };
}

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
  const { leading, title, rest } = cardParts(columns);
  const keepFocus = useKeepFocus<HTMLUListElement>(rows);
  const data = rows ?? [];
  const frame = 'rounded-lg border border-slate-200 bg-white shadow-sm';

  if (loading) {
    // Placeholder cards of the real cards' shape (title, one line per labelled value, the actions' footer), so the
    // page does not jump when the rows arrive (issue 14: CLS < 0.05).
    return (
      <ul aria-busy="true" aria-label={typeof caption === 'string' ? caption : undefined} className="space-y-3">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity; a key of their own (not 1, 2…) so that React does not reuse one for the row of id 1 and move it (a layout shift).
          <li key={`skeleton-${i}`} data-skeleton="true" className={`${frame} animate-pulse`}>
            {(title || leading.length > 0) && (
              <div className="px-4 pt-3">
                <div className="h-5 w-2/3 rounded bg-slate-200" />
              </div>
            )}
            {rest.length > 0 && (
              <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1.5 px-4 py-3 text-sm">
                {rest.map((c) => (
                  <div key={c.key} className="contents">
                    <dt className="pt-0.5 text-xs font-medium uppercase tracking-wide text-slate-500">{c.header}</dt>
                    <dd className="py-0.5">
                      <div className="h-4 w-3/4 rounded bg-slate-200" />
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {actions && (
              <div className="flex justify-end border-t border-slate-100 px-2 py-1.5">
                <div className={`${ROW_ACTION_SIZE} w-28 rounded bg-slate-200`} />
              </div>
            )}
          </li>
        ))}
      </ul>
    );
  }
  if (data.length === 0) {
    return <div className={`${frame} px-4 py-10 text-center text-sm text-slate-500`}>{emptyMessage}</div>;
  }

  return (
    <ul
      {...keepFocus}
      tabIndex={-1}
      aria-label={typeof caption === 'string' ? caption : undefined}
      className="space-y-3 focus:outline-none"
    >
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
            {(title || leading.length > 0) && (
              <div className="flex items-start gap-3 px-4 pt-3">
                {leading.map((c) => (
                  <div key={c.key} data-row-actions="true" className="shrink-0 cursor-default">
                    {c.render(row)}
                  </div>
                ))}
                {title && (
                  <div className="min-w-0 flex-1 break-words text-sm font-medium text-slate-900">
                    {title.render(row)}
                  </div>
                )}
              </div>
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
