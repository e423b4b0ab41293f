import { type ReactNode, useDeferredValue } from 'react';
import { DataTableCards } from './data-table-cards';
import {
  type DataTableColumn,
  type DataTableProps,
  fromNestedControl,
  ROW_ACTION_SIZE,
  SKELETON_ROWS,
} from './data-table-shared';
import { useKeepFocus } from './use-keep-focus';
import { useNarrowScreen } from './use-narrow-screen';

export type { DataTableColumn, DataTableProps };
export { SKELETON_ROWS };

const cell = 'px-4 py-3 text-sm text-slate-700';

export function DataTable<T>(props: DataTableProps<T>) {
  const narrow = useNarrowScreen();
  const shown = useArrivingRows(props);
  if (narrow && (props.mobileLayout ?? 'cards') === 'cards') return <DataTableCards {...shown} />;
  return <TableLayout {...shown} />;
}

/**
 * The first rows to arrive are drawn in the background (issue 30 item 10). A query's answer re-renders its list at once
 * and in one piece (TanStack Query's updates are synchronous): a page of rows is then one long task, 150–250 ms on a
 * phone, while the page loads. Here the table keeps its placeholder rows in that update, and React draws the rows in
 * a deferred render, in slices that let the browser answer a tap in between. Only when rows replace no rows (the
 * page's load, a filter that found nothing before): a new page of a list with rows already shown renders as before.
 */
function useArrivingRows<T>(props: DataTableProps<T>): DataTableProps<T> {
  const deferred = useDeferredValue(props.rows);
  const arriving =
    !props.loading && deferred !== props.rows && (props.rows?.length ?? 0) > 0 && (deferred?.length ?? 0) === 0;
  return arriving ? { ...props, loading: true } : props;
}

function TableLayout<T>({
  columns,
  rows,
  loading = false,
  rowKey,
  onRowClick,
  actions,
  actionsHeader = 'Actions',
  emptyMessage = 'Aucune donnée disponible',
  caption,
  wrapHeaders = false,
  dense = false,
  actionsClassName = '',
}: DataTableProps<T>) {
  const keepFocus = useKeepFocus<HTMLDivElement>(rows);
  const colCount = columns.length + (actions ? 1 : 0);
  const data = rows ?? [];

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity; a key of their own (not 1, 2…) so that React does not reuse one for the row of id 1 and move it (a layout shift).
      <tr key={`skeleton-${i}`} data-skeleton="true" className="animate-pulse">
        {columns.map((c) => (
          <td key={c.key} className={cell}>
            <div className="my-0.5 h-4 rounded bg-slate-200" />
          </td>
        ))}
        {actions && (
          <td className={cell}>
            {/* as tall as the row's icon buttons, so the rows keep their height when the data arrives */}
            <div className={`ml-auto ${ROW_ACTION_SIZE} w-16 rounded bg-slate-200`} />
          </td>
        )}
      </tr>
    ));
  } else if (data.length === 0) {
    body = (
      <tr>
        <td colSpan={colCount} className="px-4 py-10 text-center text-sm text-slate-500">
          {emptyMessage}
        </td>
      </tr>
    );
  } else {
    body = data.map((row) => {
      const clickable = Boolean(onRowClick);
      return (
        <tr
          key={rowKey(row)}
          tabIndex={clickable ? 0 : undefined}
          onClick={
            clickable
              ? (e) => {
                  if (!fromNestedControl(e)) onRowClick?.(row);
                }
              : undefined
          }
          onKeyDown={
            clickable
              ? (e) => {
                  if (e.target !== e.currentTarget) return;
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onRowClick?.(row);
                  }
                }
              : undefined
          }
          className={
            clickable
              ? 'cursor-pointer transition-colors hover:bg-blue-50/60 focus-visible:bg-blue-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-500'
              : 'hover:bg-slate-50'
          }
        >
          {columns.map((c) => (
            <td key={c.key} className={`${cell} ${c.className ?? ''}`}>
              {c.render(row)}
            </td>
          ))}
          {actions && (
            <td data-row-actions="true" className={`${cell} cursor-default text-right`}>
              <div className={`inline-flex items-center justify-end gap-1 ${dense ? 'flex-wrap' : ''}`}>
                {actions(row)}
              </div>
            </td>
          )}
        </tr>
      );
    });
  }

  return (
    <div
      {...keepFocus}
      tabIndex={-1}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm focus:outline-none"
    >
      <table
        className={`min-w-full divide-y divide-slate-200 ${dense ? 'w-full table-fixed break-words [&_td]:px-2.5 [&_td]:py-2 [&_th]:px-2.5' : ''}`}
        aria-busy={loading || undefined}
      >
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={`${wrapHeaders ? '' : 'whitespace-nowrap'} px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 ${c.className ?? ''}`}
              >
                {c.header}
              </th>
            ))}
            {actions && (
              <th
                scope="col"
                className={`px-4 py-3 text-right text-xs font-semibold uppercase tracking-wide text-slate-600 ${actionsClassName}`}
              >
                {actionsHeader}
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{body}</tbody>
      </table>
    </div>
  );
}
