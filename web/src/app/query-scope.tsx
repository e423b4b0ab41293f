import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { keepOffline } from '../lib/offline/query-snapshot';
import {
  deferOutboxStart,
  loadOutbox,
  loadOutboxAtStart,
  notifyOutboxChanged,
  OUTBOX_REPLAYED,
} from '../lib/offline/use-outbox';
import { pageReadsDone, pageUp } from '../lib/page-up';
import { createQueryClient } from '../lib/query-client';
import { queryRoots } from '../lib/query-keys';
import { useSession } from '../lib/session';
import { firstPrefetchDelay, notePrefetchAt, PREFETCH_EVERY_MS, prefetchDay } from './prefetch-day';

/**
 * The query cache of every page but /login, in a chunk of its own: the login page fetches nothing through TanStack
 * Query and does not load it (issue 16, /login ≤ 120 KB). The cache lives as long as these pages do: going back to
 * /login (a logout, an expired session) starts the next session with an empty one.
 */
export default function QueryScope() {
  const [client] = useState(() => {
    const created = createQueryClient();
    const firstReads = afterFirstReads(created);
    deferOutboxStart(firstReads);
    pageReadsDone(firstReads);
    return created;
  });
  const { user } = useSession();
  const userId = user?.role === 'Technicien' && typeof indexedDB !== 'undefined' ? user.id : null;
  // Issue 32: a technician's day is kept in IndexedDB and shown from there offline (lib/offline/query-snapshot.ts).
  // Offline, at once (the day is shown from there); online, after the page's own reads (issue 30).
  useEffect(() => {
    if (userId === null) return;
    let stop: (() => void) | undefined;
    let live = true;
    void (navigator.onLine ? loadOutboxAtStart() : loadOutbox()).then((box) => {
      if (live) stop = keepOffline(box.db, userId, client, () => notifyOutboxChanged());
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [userId, client]);
  // Issue 32: his day fetched ahead at login, back online and every PREFETCH_EVERY_MS (prefetch-day.ts).
  useEffect(() => {
    if (userId === null) return;
    const run = () => {
      if (navigator.onLine) void prefetchDay(client, userId).then((n) => n > 0 && notePrefetchAt(userId));
    };
    // Once the page is up (its code, its reads, an idle moment: lib/page-up.ts), then PREFETCH_DELAY_MS: the page
    // goes first on a slow site connection and CPU; not again on a reload within 15 min (a full load of each page
    // would otherwise fetch the whole day again: ~270 requests).
    let first: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    void pageUp().then(() => {
      if (live) first = setTimeout(run, firstPrefetchDelay(userId));
    });
    const timer = setInterval(run, PREFETCH_EVERY_MS);
    window.addEventListener('online', run);
    return () => {
      live = false;
      clearTimeout(first);
      clearInterval(timer);
      window.removeEventListener('online', run);
    };
  }, [userId, client]);
  // Changes sent from the outbox: the views show the server's state (the "en attente" marks are gone).
  useEffect(() => {
    const reload = () => {
      for (const root of [queryRoots.interventions, queryRoots.dashboard, queryRoots.stock]) {
        void client.invalidateQueries({ queryKey: root });
      }
    };
    window.addEventListener(OUTBOX_REPLAYED, reload);
    return () => window.removeEventListener(OUTBOX_REPLAYED, reload);
  }, [client]);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}

/** The longest the outbox waits for the page's first reads (a page that reads nothing, a stalled request). */
const FIRST_READS_MAX_MS = 4000;

/**
 * Resolves once the queries the page started have all settled (then at the browser's next idle moment), or after
 * FIRST_READS_MAX_MS: the outbox's chunk (Dexie) is requested after the page's code and data, not alongside them on
 * a phone's slow link (issue 30).
 */
function afterFirstReads(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    let started = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      unsubscribe();
      clearTimeout(timer);
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 0);
    };
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) started = true;
      else if (started) finish();
    });
    const timer = setTimeout(finish, FIRST_READS_MAX_MS);
  });
}
