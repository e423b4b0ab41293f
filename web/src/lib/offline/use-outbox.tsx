import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../session';
import { notify } from '../toast';
import type { Outbox, ReplayOutcome } from './outbox';
import { outboxUsedHere } from './outbox-used';
import { keyOf } from './query-snapshot';
import { apiTransport } from './transport';

let shared: Promise<Outbox> | null = null;
/**
 * One outbox per page (IndexedDB 'gmao-offline'); rows are per user id. Its module and Dexie (~30 KB compressed) are a
 * chunk of their own, loaded on first use (issue 30: not in the signed-in frame every page waits for).
 */
export function loadOutbox(): Promise<Outbox> {
  shared ??= import('./outbox').then(({ Outbox }) => new Outbox());
  return shared;
}

let startGate: Promise<unknown> = Promise.resolve();
/**
 * The app's reads of the outbox at start (the banner's counts, a replay, the queued statuses of the rows) wait for
 * `until` — app/query-scope.tsx: the page's own reads done — so that a phone downloads the page before Dexie.
 */
export function deferOutboxStart(until: Promise<unknown>) {
  startGate = until;
}
/** The outbox for a read the app starts on its own (not a user's action): after the gate of deferOutboxStart. */
export function loadOutboxAtStart(): Promise<Outbox> {
  return startGate.then(loadOutbox);
}

/** Whether the outbox may hold something: loaded in this page already, or used once in this browser (outbox-used.ts). */
export function outboxUsed(): boolean {
  return shared !== null || outboxUsedHere();
}

/**
 * As loadOutboxAtStart, for a read that finds nothing in an outbox never used: null then, and Dexie is not loaded
 * (issue 30 item 10: an office user's pages).
 */
export function usedOutboxAtStart(): Promise<Outbox | null> {
  return startGate.then(() => (outboxUsed() ? loadOutbox() : null));
}

export const OUTBOX_CHANGED = 'gmao-outbox-changed';
const CHANGED = OUTBOX_CHANGED;
/** Tells every useOutbox that the outbox changed (an enqueue, a replay, a choice on a conflict). */
export function notifyOutboxChanged() {
  window.dispatchEvent(new Event(CHANGED));
}

/** A replay sent changes: the views of interventions reload the server's state (app/query-scope.tsx listens). */
export const OUTBOX_REPLAYED = 'gmao-outbox-replayed';
const told = new WeakSet<ReplayOutcome>();
function afterReplay(outcome: ReplayOutcome) {
  notifyOutboxChanged();
  if (outcome.applied > 0 || outcome.conflicts > 0) window.dispatchEvent(new Event(OUTBOX_REPLAYED));
  // one replay may answer several callers at once (reconnect, app open, the button): told once
  if (told.has(outcome)) return;
  told.add(outcome);
  tellNotices(outcome.notices);
}

/** At most this many notices toasted one by one after a replay; the rest summed up in one more. */
export const MAX_NOTICE_TOASTS = 3;

/**
 * The server's notices on changes it applied (issue 32: a device time it did not keep…): told to the technician
 * after the replay — else he never learns that his offline close was dated by the server.
 */
export function tellNotices(notices: ReplayOutcome['notices']) {
  for (const n of notices.slice(0, MAX_NOTICE_TOASTS)) notify.info(OUTBOX_MESSAGES.notice(n.interventionId, n.reason));
  if (notices.length > MAX_NOTICE_TOASTS) notify.info(OUTBOX_MESSAGES.moreNotices(notices.length - MAX_NOTICE_TOASTS));
}

/**
 * A replay stopped for want of an answer while the browser says it is online — the 'online' event can come before the
 * network carries requests (seen in the e2e runs under load: the changes then waited for the next reconnect or the
 * banner's button), or the server is restarting: every mounted useOutbox replays again after 2 s, 5 s, 15 s, then
 * every minute, until a replay gets its answers or the browser goes offline (the 'online' event replays then).
 */
export const REPLAY_RETRY_MS = [2_000, 5_000, 15_000, 60_000] as const;
export const OUTBOX_RETRY = 'gmao-outbox-retry';
const RETRY = OUTBOX_RETRY;
let retryAttempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
function retryLater(outcome: ReplayOutcome | null) {
  if (outcome?.stopped !== 'network' || !navigator.onLine) {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    retryAttempt = 0;
    return;
  }
  if (retryTimer !== undefined) return;
  const delay = REPLAY_RETRY_MS[Math.min(retryAttempt, REPLAY_RETRY_MS.length - 1)];
  retryAttempt += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    // to the signed-in user's useOutbox, not to a user id kept here: after a sign-out nothing replays
    window.dispatchEvent(new Event(RETRY));
  }, delay);
}

/** Replays the user's outbox now (the banner's button, a choice on a conflict, a change queued while online). */
export async function replayOutbox(userId: number): Promise<ReplayOutcome | null> {
  if (!navigator.onLine || !outboxUsed()) return null;
  const outcome = await (await loadOutbox()).replay(userId, apiTransport);
  afterReplay(outcome);
  retryLater(outcome);
  return outcome;
}

/**
 * The signed-in user's outbox: pending and conflicting counts, online state, and `syncNow`. Replays when the app
 * opens (the user is known), when the browser comes back online, after a replay that got no answer while online
 * (REPLAY_RETRY_MS) and on demand — not through Background Sync, which Safari lacks.
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

  /** The outbox once loaded (the conflicts' review needs it). */
  const [box, setBox] = useState<Outbox | null>(null);

  const refresh = useCallback(async () => {
    if (userId === null) return;
    const loaded = await usedOutboxAtStart();
    if (loaded === null) return; // never used in this browser: nothing pending, no refused change, no saved day
    setBox(loaded);
    setPending(await loaded.count(userId));
    setConflicts((await loaded.conflicts(userId)).length);
    setSavedAt((await loaded.db.cache.get(keyOf(userId)))?.savedAt ?? null);
  }, [userId]);

  const syncNow = useCallback(async (): Promise<ReplayOutcome | null> => {
    if (userId === null) return null;
    return replayOutbox(userId);
  }, [userId]);

  useEffect(() => {
    void refresh();
    // The replay when the app opens: after the page's own reads (offline there is nothing to replay anyway).
    void usedOutboxAtStart().then((loaded) => loaded && syncNow());
    const up = () => void syncNow();
    const changed = () => void refresh();
    window.addEventListener('online', up);
    window.addEventListener(RETRY, up);
    window.addEventListener(CHANGED, changed);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener(RETRY, up);
      window.removeEventListener(CHANGED, changed);
    };
  }, [refresh, syncNow]);

  return { userId, online, pending, conflicts, savedAt, syncNow, box };
}

/**
 * Queues one change made on the device (sync kinds: the single route's body; photo/signature: the upload's fields
 * and its blob) and tells the banner; replayed at once when online. The detail's actions call it through
 * sendOrQueue (pending.ts).
 */
export async function queueChange(change: Parameters<Outbox['enqueue']>[0]): Promise<string> {
  const clientId = await (await loadOutbox()).enqueue(change);
  notifyOutboxChanged();
  if (navigator.onLine) void replayOutbox(change.userId);
  return clientId;
}
