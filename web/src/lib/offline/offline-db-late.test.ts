import { expect, it } from 'vitest';

// The web files that share a worker load Dexie once: a file that imported the outbox before any in-memory IndexedDB
// existed must not leave the next file's database unopenable (CI failed on "IndexedDB API missing", order-dependent).
it('opens on the IndexedDB present when the database is made, even if Dexie loaded before it', async () => {
  const { OfflineDb } = await import('./outbox');
  // (a named specifier: its types resolve through package.json exports only in the static form)
  const late = 'fake-indexeddb/auto';
  await import(/* @vite-ignore */ late);
  const db = new OfflineDb('late-indexeddb');
  await db.open();
  await db.cache.put({ key: 'k', savedAt: 1, state: [] });
  expect(await db.cache.count()).toBe(1);
  db.close();
});
