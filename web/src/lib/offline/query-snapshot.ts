import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { type DehydratedState, dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { idle } from '../page-up';
import { queryRoots } from '../query-keys';
import type { OfflineDb } from './outbox';

/**
 * The technician's day offline (issue 32): the read queries a technician works from — interventions (list, detail,
 * checklist, materials, attachments' metadata), the dashboard's "my work", equipment, clients and the vehicle's
 * stock — are saved to IndexedDB per user after each successful fetch, and put back in the query cache when the app
 * opens offline. While offline they count as fresh (nothing refetches and fails over them); back online they are
 * refetched.
 */
const OFFLINE_ROOTS: readonly string[] = [
  queryRoots.interventions,
  queryRoots.dashboard,
  queryRoots.equipment,
  queryRoots.clients,
  queryRoots.stock,
].map((r) => r[0]);

export const isOfflineQuery = (query: Pick<Query, 'queryKey' | 'state'>) =>
  query.state.status === 'success' && OFFLINE_ROOTS.includes(String(query.queryKey[0]));

export const keyOf = (userId: number) => `queries:${userId}`;

export async function saveQueries(db: OfflineDb, userId: number, client: QueryClient, now = Date.now()) {
  const state = dehydrate(client, { shouldDehydrateQuery: isOfflineQuery, shouldDehydrateMutation: () => false });
  await db.cache.put({ key: keyOf(userId), savedAt: now, state });
}

/** Puts the user's saved queries back; answers when they were saved (null: nothing saved). */
export async function restoreQueries(db: OfflineDb, userId: number, client: QueryClient): Promise<number | null> {
  const saved = await db.cache.get(keyOf(userId));
  if (!saved) return null;
  // The page's own reads may have started before the snapshot was read (the outbox chunk loads first): offline they
  // only fail, and a retry failing after the restore would put the page back in error over the restored data.
  await Promise.all(OFFLINE_ROOTS.map((root) => client.cancelQueries({ queryKey: [root] })));
  hydrate(client, saved.state as DehydratedState);
  return saved.savedAt;
}

/** While offline, the restored data is what there is: no refetch on mount (it would only fail). */
export function holdWhileOffline(client: QueryClient, offline: boolean) {
  for (const root of OFFLINE_ROOTS) {
    client.setQueryDefaults([root], offline ? { staleTime: Number.POSITIVE_INFINITY } : { staleTime: undefined });
  }
}

const two = (n: number) => String(n).padStart(2, '0');
/** "données du 28/11 à 07:42", in the device's time zone. */
export function dataAgeLabel(savedAt: number): string {
  const d = new Date(savedAt);
  return OUTBOX_MESSAGES.dataAge(
    `${two(d.getDate())}/${two(d.getMonth() + 1)}`,
    `${two(d.getHours())}:${two(d.getMinutes())}`,
  );
}

/**
 * For a technician: saves his reads after successful fetches (within a second, at most once a second), restores them when
 * the app opens offline (answering when they were saved), holds them while offline and refetches them once online.
 */
export function keepOffline(
  db: OfflineDb,
  userId: number,
  client: QueryClient,
  onRestored: (savedAt: number | null) => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const offline = () => holdWhileOffline(client, true);
  const online = () => {
    holdWhileOffline(client, false);
    for (const root of OFFLINE_ROOTS) void client.invalidateQueries({ queryKey: [root] });
  };
  if (!navigator.onLine) {
    offline();
    void restoreQueries(db, userId, client).then(onRestored);
  }
  // At most once a second while fetches keep coming (the day fetched ahead is a long burst), and a second after
  // the last one: a burst is saved as it goes, not only once it ends.
  const saveSoon = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      // In an idle moment: the dehydrated cache and its IndexedDB write are one task, kept out of the user's way.
      void idle(1000).then(() => {
        timer = undefined;
        if (!stopped) return saveQueries(db, userId, client);
      });
    }, 1000);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !navigator.onLine) return;
    if (!isOfflineQuery(event.query)) return;
    saveSoon();
  });
  // Attached after the page's first reads (app/query-scope.tsx, issue 30): what they brought is saved too.
  if (
    navigator.onLine &&
    client
      .getQueryCache()
      .getAll()
      .some((q) => isOfflineQuery(q) && q.state.status === 'success')
  ) {
    saveSoon();
  }
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}
