/**
 * Issue 30 item 10: whether this browser has ever put a change in its outbox — a key in localStorage, set by
 * `Outbox.enqueue` before it writes. Until then the app's own reads at start (the banner's counts, the replay on
 * opening, the rows' queued statuses) have nothing to find, and an office user's pages neither download Dexie nor open
 * IndexedDB: ~30 KB and ~100 ms of a phone's main thread on every page. A storage that cannot be read counts as used.
 */
export const OUTBOX_USED_KEY = 'gmao.outbox.used';

export function markOutboxUsed() {
  try {
    localStorage.setItem(OUTBOX_USED_KEY, '1');
  } catch {
    // no storage: outboxUsedHere() answers true anyway
  }
}

export function outboxUsedHere(): boolean {
  try {
    return localStorage.getItem(OUTBOX_USED_KEY) !== null;
  } catch {
    return true;
  }
}
