import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Applied to both the header and the body cells of the column. */
  className?: string;
  /**
   * Its place in a phone card: 'title' (default: the first column), 'leading' (a control such as a selection
   * checkbox, shown before the title; the default for a first column whose header is not text), 'hidden', or
   * undefined for a labelled value.
   */
  card?: 'title' | 'leading' | 'hidden';
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  loading?: boolean;
  rowKey: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  actions?: (row: T) => ReactNode;
  actionsHeader?: ReactNode;
  emptyMessage?: ReactNode;
  /** Accessible caption (visually hidden). */
  caption?: ReactNode;
  /**
   * On phones (below `sm`): 'cards' (default) shows one card per row; 'scroll' keeps the table and scrolls it
   * sideways (for grids that only make sense as a grid).
   */
  mobileLayout?: 'cards' | 'scroll';
  /**
   * Headers stay on one line by default, so they keep their height when the rows arrive (no layout shift); a table
   * too wide for that on a laptop (the interventions list) lets them wrap.
   */
  wrapHeaders?: boolean;
  /**
   * Fits its container whatever the rows hold: a fixed table layout (the columns' `className` give their widths, the
   * others share the rest; cells wrap), tighter cells (px-2.5 py-2), actions that wrap rather than stick out — for a
   * wide table on a 1366 px office screen (the interventions list, issue 30 item 6).
   */
  dense?: boolean;
  /** Width class of the actions column (with `dense`). */
  actionsClassName?: string;
}

export const SKELETON_ROWS = 5;

/** The height of a row's icon button (RowAction), which sets a row's height: placeholders reserve the same. */
export const ROW_ACTION_SIZE = 'h-11 sm:h-7';

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [data-row-actions]';

/** True when the event started on a control of its own (a link, a button, the actions cell): the row must not react. */
export function fromNestedControl(e: MouseEvent | KeyboardEvent): boolean {
  const target = e.target as HTMLElement;
  const hit = target.closest(INTERACTIVE);
  return hit !== null && hit !== e.currentTarget && e.currentTarget.contains(hit);
}
