import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../session';
import { Outbox, type ReplayOutcome } from './outbox';
import { keyOf } from './query-snapshot';
import { apiTransport } from './transport';

let shared: Outbox | null = null;
/** One outbox per page (IndexedDB 'gmao-offline'); rows are per user id. */
export function outbox(): Outbox {
  shared ??= new Outbox();
  return shared;
}

const CHANGED = 'gmao-outbox-changed';
/** Tells every useOutbox that the outbox changed (an enqueue, a replay, a choice on a conflict). */
export function notifyOutboxChanged() {
  window.dispatchEvent(new Event(CHANGED));
}

/**
 * The signed-in user's outbox: pending and conflicting counts, online state, and `syncNow`. Replays when the app
 * opens (the user is known), when the browser comes back online and on demand — not through Background Sync, which
 * Safari lacks.
 */
export function useOutbox() {
  const { user } = useSession();
  // No IndexedDB (a test's jsdom, a locked-down browser): no outbox, nothing to replay.
  const userId = typeof indexedDB === 'undefined' ? null : (user?.id ?? null);
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  const [pending, setPending] = useState(0);
  const [conflicts, setConflicts] = useState(0);
  /** When the cached day was saved (shown offline: "données du 28/11 à 07:42"). */
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const refresh = useCallback(async () => {
    if (userId === null) return;
    setPending(await outbox().count(userId));
    setConflicts((await outbox().conflicts(userId)).length);
    setSavedAt((await outbox().db.cache.get(keyOf(userId)))?.savedAt ?? null);
  }, [userId]);

  const syncNow = useCallback(async (): Promise<ReplayOutcome | null> => {
    if (userId === null || !navigator.onLine) return null;
    const outcome = await outbox().replay(userId, apiTransport);
    notifyOutboxChanged();
    return outcome;
  }, [userId]);

  useEffect(() => {
    void refresh();
    void syncNow();
    const up = () => void syncNow();
    const changed = () => void refresh();
    window.addEventListener('online', up);
    window.addEventListener(CHANGED, changed);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener(CHANGED, changed);
    };
  }, [refresh, syncNow]);

  return { userId, online, pending, conflicts, savedAt, syncNow };
}

/**
 * Queues one change made on the device (sync kinds: the single route's body; photo/signature: the upload's fields
 * and its blob) and tells the banner; replayed at once when online. The detail's actions are to call this while
 * offline (not wired on this branch).
 */
export async function queueChange(change: Parameters<Outbox['enqueue']>[0]): Promise<string> {
  const clientId = await outbox().enqueue(change);
  notifyOutboxChanged();
  if (navigator.onLine) void outbox().replay(change.userId, apiTransport).then(notifyOutboxChanged);
  return clientId;
}
