import { useEffect, useState, useSyncExternalStore } from 'react';
import { readUser } from '../session-storage';
import type { OutboxChange, OutboxKind } from './outbox';
import {
  loadOutbox,
  notifyOutboxChanged,
  OUTBOX_CHANGED,
  outboxUsed,
  queueChange,
  usedOutboxAtStart,
} from './use-outbox';

/**
 * The detail's technician actions offline (issue 32). An action is sent as before when the network is there; it is
 * kept in the outbox instead — and shown at once, marked "en attente" — when the phone is offline, when the request
 * got no answer (status 0: no network, timeout), or when earlier changes of the same intervention still wait (the
 * server must receive them in the order they were made).
 */
export type SendOutcome<T> = { queued: false; result: T } | { queued: true; clientId: string };

export interface QueueableChange {
  userId: number | null;
  interventionId: number;
  type: OutboxKind;
  payload: unknown;
  blob?: Blob;
  /** The intervention's version the phone shows (its workflow's). */
  baseVersion: number;
  /** The change id, when the online request also carries it (a signature's `change_id`). */
  clientId?: string;
}

const isNoAnswer = (err: unknown) => (err as { status?: unknown } | null)?.status === 0;

/** Whether a change of this intervention must wait its turn behind changes already queued. */
export async function hasPending(userId: number, interventionId: number): Promise<boolean> {
  if (!outboxUsed()) return false; // nothing was ever queued here: Dexie stays unloaded (issue 30 item 10)
  const rows = await (await loadOutbox()).db.outbox.where({ interventionId }).toArray();
  return rows.some((r) => r.userId === userId && r.state === 'pending');
}

/**
 * Sends the change online (`send`), or queues it. Without a user or IndexedDB (the office's tests, a locked-down
 * browser) it only sends. A refusal from the server (4xx) is thrown as before: the caller shows it.
 */
export async function sendOrQueue<T>(change: QueueableChange, send: () => Promise<T>): Promise<SendOutcome<T>> {
  const { userId } = change;
  if (userId === null || typeof indexedDB === 'undefined') return { queued: false, result: await send() };
  const queue = async () => {
    const clientId = await queueChange({
      userId,
      interventionId: change.interventionId,
      type: change.type,
      at: new Date().toISOString(),
      payload: change.payload,
      baseVersion: change.baseVersion,
      ...(change.clientId ? { clientId: change.clientId } : {}),
      ...(change.blob ? { blob: change.blob } : {}),
    });
    return { queued: true as const, clientId };
  };
  if (!navigator.onLine || (await hasPending(userId, change.interventionId))) return queue();
  try {
    return { queued: false, result: await send() };
  } catch (err) {
    if (isNoAnswer(err)) return queue();
    throw err;
  }
}

/**
 * The signed-in user's id for the outbox (null without IndexedDB): the stored session's user, read once per mount —
 * the pages that use it live inside one session (a new login mounts them again).
 */
export function useOutboxUserId(): number | null {
  const [userId] = useState(() => (typeof indexedDB === 'undefined' ? null : (readUser()?.id ?? null)));
  return userId;
}

/** The user's queued and refused changes of one intervention, in the order made; follows the outbox. */
export function usePendingChanges(interventionId: number): OutboxChange[] {
  const userId = useOutboxUserId();
  const [rows, setRows] = useState<OutboxChange[]>([]);
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    const load = async () => {
      const box = await usedOutboxAtStart();
      const all = box ? await box.db.outbox.where({ interventionId }).sortBy('seq') : [];
      if (live) setRows(all.filter((r) => r.userId === userId));
    };
    void load();
    window.addEventListener(OUTBOX_CHANGED, load);
    return () => {
      live = false;
      window.removeEventListener(OUTBOX_CHANGED, load);
    };
  }, [userId, interventionId]);
  return rows;
}

const ofType = (rows: OutboxChange[], type: OutboxKind) => rows.filter((r) => r.type === type);

/** The status the technician last moved to on the phone, not yet on the server (null: none waiting). */
export function pendingStatut(rows: OutboxChange[]): OutboxChange | null {
  return (
    ofType(rows, 'status')
      .filter((r) => r.state === 'pending')
      .at(-1) ?? null
  );
}

/** The last value ticked on the phone for each checklist step waiting to be sent. */
export function pendingChecks(rows: OutboxChange[]): Map<number, { checked: boolean; state: OutboxChange['state'] }> {
  const map = new Map<number, { checked: boolean; state: OutboxChange['state'] }>();
  for (const r of ofType(rows, 'checklist')) {
    const p = r.payload as { itemId: number; checked: boolean };
    map.set(p.itemId, { checked: p.checked, state: r.state });
  }
  return map;
}

export const pendingOf = ofType;

/** Whether the client's signature is on the phone, waiting to be sent (a refused one does not count). */
export const hasPendingClientSignature = (rows: OutboxChange[]) =>
  ofType(rows, 'signature').some((r) => r.state === 'pending' && (r.payload as { role?: string }).role === 'CLIENT');

/** After the technician's choice on a refused change (retry, discard): the list and the banner follow. */
export { notifyOutboxChanged };

/**
 * The statuses waiting in the user's outbox, per intervention (the last one made), shared by every row that shows a
 * status (list, my day): one IndexedDB read per outbox change, not one per row.
 */
let queuedStatuts = new Map<number, string>();
const statutListeners = new Set<() => void>();
async function reloadQueuedStatuts() {
  const userId = typeof indexedDB === 'undefined' ? null : (readUser()?.id ?? null);
  const next = new Map<number, string>();
  const box = userId === null ? null : await usedOutboxAtStart();
  if (userId !== null && box) {
    const rows = await box.db.outbox.where({ userId, state: 'pending' }).sortBy('seq');
    for (const r of rows) if (r.type === 'status') next.set(r.interventionId, (r.payload as { statut: string }).statut);
  }
  queuedStatuts = next;
  for (const l of statutListeners) l();
}
function subscribeQueuedStatuts(listener: () => void) {
  statutListeners.add(listener);
  if (statutListeners.size === 1) {
    window.addEventListener(OUTBOX_CHANGED, reloadQueuedStatuts);
    void reloadQueuedStatuts();
  }
  return () => {
    statutListeners.delete(listener);
    if (statutListeners.size === 0) window.removeEventListener(OUTBOX_CHANGED, reloadQueuedStatuts);
  };
}

/** The status this intervention was moved to on the phone and not yet sent (null: none waiting). */
export function useQueuedStatut(interventionId: number): string | null {
  return useSyncExternalStore(
    subscribeQueuedStatuts,
    () => queuedStatuts.get(interventionId) ?? null,
    () => null,
  );
}
