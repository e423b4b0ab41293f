/**
 * The interventions list's keyset cursor (issue 16): the date and id of a page's last row, `2026-03-01.4242`. The next
 * page is read from that row on (the list order is date DESC, id DESC) instead of walking past every row before it.
 * No zod here: the list's chunk formats cursors without loading the schemas (listCursorSchema parses them).
 */
export const LIST_CURSOR_PATTERN = /^\d{4}-\d{2}-\d{2}\.[1-9]\d{0,9}$/;

/** The cursor of the page after the one that ends with `last`. */
export const listCursor = (last: { date: string; id: number }) => `${last.date}.${last.id}`;
