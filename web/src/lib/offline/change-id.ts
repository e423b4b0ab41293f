/**
 * A change's id (the sync route's `clientId`, an upload's `change_id`). Its own module: the pages that make one
 * online do not load the outbox and Dexie with it (issue 30; outbox.ts, a chunk of its own, makes its own the same way).
 */
export function newChangeId(): string {
  return globalThis.crypto.randomUUID();
}
