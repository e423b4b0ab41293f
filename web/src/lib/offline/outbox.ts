import { OUTBOX_MESSAGES, SYNC_MAX_CHANGES } from '@gmao/domain/interventions/offline-messages';
import type { SyncChangeType, SyncResult } from '@gmao/domain/interventions/sync-schemas';
import Dexie, { type EntityTable } from 'dexie';
import { markOutboxUsed } from './outbox-used';

/**
 * The technician's outbox (issue 32): every change made offline, in the order made, with its change id (the sync
 * route's `clientId`: a change sent twice — e.g. a request that timed out after the server applied it — is applied
 * once). Stored in IndexedDB per user id, so it survives a reload, a restart and an expired session (re-login keeps
 * it). Sync changes go through POST /interventions/:id/sync; uploads (photos, signatures) through their own routes.
 */
export type OutboxKind = SyncChangeType | 'photo' | 'signature' | 'create';

export interface OutboxChange {
  seq?: number;
  userId: number;
  interventionId: number;
  clientId: string;
  type: OutboxKind;
  /** When the change was made on the device (ISO 8601 with offset). */
  at: string;
  /** The single route's body (sync kinds), or the upload's fields. */
  payload: unknown;
  /** The photo (JPEG) or signature (PNG) of an upload. */
  blob?: Blob;
  /** The version of the intervention the device had when the change was made. */
  baseVersion: number;
  state: 'pending' | 'conflict';
  /** Why the server refused it (French), and the intervention as the server has it now. */
  reason?: string;
  serverValue?: unknown;
}

/** A user's cached reads (the technician's day): the query cache's entries and when they were saved. */
export interface CachedQueries {
  key: string;
  savedAt: number;
  state: unknown;
}

export class OfflineDb extends Dexie {
  outbox!: EntityTable<OutboxChange, 'seq'>;
  cache!: EntityTable<CachedQueries, 'key'>;
  constructor(name = 'gmao-offline') {
    // The IndexedDB of this moment, not the one Dexie saw when its module loaded: the web tests that share a worker
    // load Dexie once, and a file that installs an in-memory IndexedDB after another file imported Dexie would
    // otherwise get "IndexedDB API missing" (seen in CI, order-dependent). In a browser both are the same object.
    super(name, { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange });
    this.version(1).stores({ outbox: '++seq, [userId+state], clientId, interventionId', cache: 'key' });
  }
}

/** What the replay needs from the network (the app passes the API client; the tests a fake server). */
export interface OutboxTransport {
  sync(interventionId: number, body: { baseVersion: number; changes: SyncBodyChange[] }): Promise<SyncResult>;
  upload(change: OutboxChange): Promise<void>;
  /** A draft intervention made offline (`create`): POST /interventions with the change id as Idempotency-Key. */
  create?(change: OutboxChange): Promise<void>;
}
export interface SyncBodyChange {
  clientId: string;
  type: SyncChangeType;
  at: string;
  payload: unknown;
}

/** An error as the API client throws it: status 0 for no answer (offline, timeout). */
interface RequestFailure {
  status?: number;
  serverMessage?: string | null;
  message?: string;
  data?: unknown;
}

export interface ReplayOutcome {
  applied: number;
  conflicts: number;
  /** Why the replay stopped before the end: no network (everything kept as is), or a refusal (kept for review). */
  stopped: null | 'network' | 'refused';
  /** Applied changes the server took with a reservation (its device time replaced…): told to the technician. */
  notices: { interventionId: number; reason: string }[];
}

/** The sync route's change types (domain sync-schemas SYNC_CHANGE_TYPES), written here so the outbox loads no zod. */
export const SYNC_KINDS: readonly OutboxKind[] = [
  'status',
  'note',
  'checklist',
  'timer',
  'timer_stop',
  'material',
  'consignation',
];
const isSyncKind = (t: OutboxKind): t is SyncChangeType => SYNC_KINDS.includes(t);

export class Outbox {
  private running = new Map<number, Promise<ReplayOutcome>>();
  constructor(readonly db: OfflineDb = new OfflineDb()) {}

  async enqueue(change: Omit<OutboxChange, 'state' | 'seq' | 'clientId'> & { clientId?: string }): Promise<string> {
    const clientId = change.clientId ?? globalThis.crypto.randomUUID();
    markOutboxUsed(); // before the write: a page opened meanwhile must look in the outbox
    await this.db.outbox.add({ ...change, clientId, state: 'pending' });
    return clientId;
  }

  /** Changes of this user not sent yet, in order. */
  pending(userId: number): Promise<OutboxChange[]> {
    return this.db.outbox.where({ userId, state: 'pending' }).sortBy('seq');
  }
  conflicts(userId: number): Promise<OutboxChange[]> {
    return this.db.outbox.where({ userId, state: 'conflict' }).sortBy('seq');
  }
  count(userId: number): Promise<number> {
    return this.db.outbox.where({ userId, state: 'pending' }).count();
  }

  /**
   * Sends the user's pending changes in order: consecutive sync changes of one intervention in one batch, uploads
   * one by one. No answer (offline, timeout, 5xx): stop, everything kept with the same change ids (the server
   * answers an id it already applied without applying it again). A refused request (403 reassigned, 404, 400, 409):
   * its changes are kept as conflicts with the reason, and the replay stops, later changes kept. Per-change
   * conflicts of a sync answer are kept with the reason and the server's current intervention. One replay per user
   * at a time (reconnect, app open and the button may ask together).
   */
  replay(userId: number, transport: OutboxTransport): Promise<ReplayOutcome> {
    const current = this.running.get(userId);
    if (current) return current;
    const run = this.replayOnce(userId, transport).finally(() => this.running.delete(userId));
    this.running.set(userId, run);
    return run;
  }

  private async replayOnce(userId: number, transport: OutboxTransport): Promise<ReplayOutcome> {
    const outcome: ReplayOutcome = { applied: 0, conflicts: 0, stopped: null, notices: [] };
    for (;;) {
      const queue = await this.pending(userId);
      const first = queue[0];
      if (!first) return outcome;
      const batch: OutboxChange[] = [first];
      if (isSyncKind(first.type)) {
        for (const c of queue.slice(1)) {
          if (batch.length >= SYNC_MAX_CHANGES || c.interventionId !== first.interventionId || !isSyncKind(c.type))
            break;
          batch.push(c);
        }
      }
      try {
        if (isSyncKind(first.type)) {
          const result = await transport.sync(first.interventionId, {
            baseVersion: Math.min(...batch.map((c) => c.baseVersion)),
            changes: batch.map((c) => ({
              clientId: c.clientId,
              type: c.type as SyncChangeType,
              at: c.at,
              payload: c.payload,
            })),
          });
          const reasons = new Map(result.conflicts.map((c) => [c.clientId, c.reason]));
          await this.db.transaction('rw', this.db.outbox, async () => {
            for (const c of batch) {
              const reason = reasons.get(c.clientId);
              if (reason !== undefined) {
                await this.db.outbox.update(c.seq!, { state: 'conflict', reason, serverValue: result.intervention });
              } else if (result.applied.includes(c.clientId)) {
                await this.db.outbox.delete(c.seq!);
              }
            }
          });
          outcome.applied += result.applied.length;
          outcome.conflicts += result.conflicts.length;
          for (const n of result.notices ?? []) {
            outcome.notices.push({ interventionId: first.interventionId, reason: n.reason });
          }
        } else if (first.type === 'create' && transport.create) {
          await transport.create(first);
          await this.db.outbox.delete(first.seq!);
          outcome.applied += 1;
        } else {
          await transport.upload(first);
          await this.db.outbox.delete(first.seq!);
          outcome.applied += 1;
        }
      } catch (err) {
        const failure = (err ?? {}) as RequestFailure;
        const status = failure.status ?? 0;
        if (status === 0 || status === 401 || status >= 500) {
          outcome.stopped = 'network';
          return outcome;
        }
        const reason =
          status === 403
            ? OUTBOX_MESSAGES.forbidden
            : status === 404
              ? OUTBOX_MESSAGES.notFound
              : (failure.serverMessage ?? failure.message ?? String(status));
        await this.db.transaction('rw', this.db.outbox, async () => {
          for (const c of batch) {
            await this.db.outbox.update(c.seq!, { state: 'conflict', reason, serverValue: failure.data ?? null });
          }
        });
        outcome.conflicts += batch.length;
        outcome.stopped = 'refused';
        return outcome;
      }
    }
  }

  /**
   * The technician's choice for one refused change: send it again on the server's current state (a new change id:
   * the server answers an id it has seen with its first outcome), or drop it. Never the whole record.
   */
  async retry(seq: number): Promise<void> {
    const change = await this.db.outbox.get(seq);
    if (change?.state !== 'conflict') return;
    const serverVersion = (change.serverValue as { version?: unknown } | null)?.version;
    await this.db.outbox.update(seq, {
      state: 'pending',
      clientId: globalThis.crypto.randomUUID(),
      baseVersion: typeof serverVersion === 'number' ? serverVersion : change.baseVersion,
      reason: undefined,
      serverValue: undefined,
    });
  }

  async discard(seq: number): Promise<void> {
    await this.db.outbox.delete(seq);
  }
}
