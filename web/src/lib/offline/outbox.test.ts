import 'fake-indexeddb/auto';
import { SYNC_CHANGE_TYPES, type SyncResult } from '@gmao/domain/interventions/sync-schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineDb, Outbox, type OutboxTransport, SYNC_KINDS, type SyncBodyChange } from './outbox';

const USER = 7;
let dbCount = 0;
let dbs: OfflineDb[] = [];
function openDb(name: string) {
  const db = new OfflineDb(name);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs) db.close();
  dbs = [];
});

/** A server as the sync route behaves: each clientId applied once, a known one answers its first outcome. */
function fakeServer(
  opts: {
    refuse?: (id: number) => number | null;
    conflict?: (c: SyncBodyChange) => string | null;
    notice?: (c: SyncBodyChange) => string | null;
  } = {},
) {
  const outcomes = new Map<string, string | null>();
  const appliedOrder: string[] = [];
  let version = 1;
  let timeoutOnce = false;
  const transport: OutboxTransport = {
    async sync(id, body): Promise<SyncResult> {
      const refusal = opts.refuse?.(id);
      if (refusal) throw { status: refusal, serverMessage: 'refusé', data: { id, version } };
      for (const c of body.changes) {
        if (outcomes.has(c.clientId)) continue;
        const reason = opts.conflict?.(c) ?? null;
        outcomes.set(c.clientId, reason);
        if (reason === null) {
          appliedOrder.push(c.clientId);
          version += 1;
        }
      }
      if (timeoutOnce) {
        timeoutOnce = false;
        throw { status: 0, message: 'timeout' };
      }
      return {
        applied: body.changes.filter((c) => outcomes.get(c.clientId) === null).map((c) => c.clientId),
        conflicts: body.changes
          .filter((c) => outcomes.get(c.clientId))
          .map((c) => ({ clientId: c.clientId, reason: outcomes.get(c.clientId)! })),
        notices: body.changes.flatMap((c) => {
          const reason = outcomes.get(c.clientId) === null ? (opts.notice?.(c) ?? null) : null;
          return reason ? [{ clientId: c.clientId, reason }] : [];
        }),
        intervention: { id, version } as unknown as SyncResult['intervention'],
      };
    },
    async upload() {},
  };
  return {
    transport,
    appliedOrder,
    timeoutAfterApplyingNext() {
      timeoutOnce = true;
    },
  };
}

function change(
  interventionId: number,
  clientId: string,
  type: 'status' | 'note' | 'checklist' | 'timer_stop' = 'note',
) {
  return { userId: USER, interventionId, clientId, type, at: '2026-11-28T07:42:00+01:00', payload: {}, baseVersion: 1 };
}

describe('outbox', () => {
  it('replays the changes in the order they were made and empties', async () => {
    const outbox = new Outbox(openDb(`o${++dbCount}`));
    for (const [i, id] of [1, 1, 2, 1].entries()) await outbox.enqueue(change(id, `c${i}`));
    const server = fakeServer();
    const outcome = await outbox.replay(USER, server.transport);
    expect(server.appliedOrder).toEqual(['c0', 'c1', 'c2', 'c3']);
    expect(outcome).toEqual({ applied: 4, conflicts: 0, stopped: null, notices: [] });
    expect(await outbox.count(USER)).toBe(0);
  });

  it('stops at a refused request, keeps its changes with the reason and every later change', async () => {
    const outbox = new Outbox(openDb(`o${++dbCount}`));
    await outbox.enqueue(change(1, 'a'));
    await outbox.enqueue(change(2, 'b'));
    await outbox.enqueue(change(3, 'c'));
    const server = fakeServer({ refuse: (id) => (id === 2 ? 403 : null) });
    const outcome = await outbox.replay(USER, server.transport);
    expect(outcome.stopped).toBe('refused');
    expect(server.appliedOrder).toEqual(['a']);
    const [refused] = await outbox.conflicts(USER);
    expect(refused).toMatchObject({
      clientId: 'b',
      reason: 'Cette intervention ne vous est plus attribuée : modification conservée pour revue',
    });
    expect((await outbox.pending(USER)).map((c) => c.clientId)).toEqual(['c']);
  });

  it('keeps a per-change conflict with the server value; the technician retries it with a new change id or discards it', async () => {
    const outbox = new Outbox(openDb(`o${++dbCount}`));
    await outbox.enqueue(change(1, 'x', 'status'));
    await outbox.enqueue(change(1, 'y'));
    let refuseStatus = true;
    const server = fakeServer({
      conflict: (c) => (c.type === 'status' && refuseStatus ? 'Transition non autorisée' : null),
    });
    await outbox.replay(USER, server.transport);
    const [conflict] = await outbox.conflicts(USER);
    expect(conflict).toMatchObject({
      clientId: 'x',
      reason: 'Transition non autorisée',
      serverValue: { id: 1, version: 2 },
    });
    expect(server.appliedOrder).toEqual(['y']);

    refuseStatus = false;
    await outbox.retry(conflict!.seq!);
    const [again] = await outbox.pending(USER);
    expect(again!.clientId).not.toBe('x');
    expect(again!.baseVersion).toBe(2);
    await outbox.replay(USER, server.transport);
    expect(server.appliedOrder).toEqual(['y', again!.clientId]);
    expect(await outbox.count(USER)).toBe(0);
  });

  it('a timer stopped offline (timer_stop) goes in the same sync batch, with the time it was stopped; refused, it is kept for review', async () => {
    const outbox = new Outbox(openDb(`o${++dbCount}`));
    await outbox.enqueue(change(1, 'note-1'));
    await outbox.enqueue({ ...change(1, 'stop-1', 'timer_stop'), at: '2026-11-28T10:05:00+01:00' });
    await outbox.enqueue({ ...change(1, 'stop-2', 'timer_stop'), at: '2026-11-28T10:20:00+01:00' });
    const bodies: SyncBodyChange[][] = [];
    const server = fakeServer({
      conflict: (c) =>
        c.clientId === 'stop-2' ? 'Aucun chronomètre en cours à votre nom sur cette intervention' : null,
    });
    const sync = server.transport.sync;
    server.transport.sync = (id, body) => {
      bodies.push(body.changes);
      return sync(id, body);
    };
    expect(await outbox.replay(USER, server.transport)).toEqual({
      applied: 2,
      conflicts: 1,
      stopped: null,
      notices: [],
    });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]![1]).toEqual({
      clientId: 'stop-1',
      type: 'timer_stop',
      at: '2026-11-28T10:05:00+01:00',
      payload: {},
    });
    expect(server.appliedOrder).toEqual(['note-1', 'stop-1']);
    expect(await outbox.conflicts(USER)).toMatchObject([
      {
        clientId: 'stop-2',
        type: 'timer_stop',
        reason: 'Aucun chronomètre en cours à votre nom sur cette intervention',
      },
    ]);
  });

  it("hands back the server's notices on applied changes, with their intervention (issue 32)", async () => {
    const outbox = new Outbox(openDb(`outbox-test-${++dbCount}`));
    const dated = "Heure de l'appareil (28/11/2026 à 07:42) dans le futur : heure du serveur retenue";
    const server = fakeServer({ notice: (c) => (c.type === 'status' ? dated : null) });
    await outbox.enqueue(change(5, 'close', 'status'));
    await outbox.enqueue(change(5, 'note-1'));
    await outbox.enqueue(change(6, 'close-6', 'status'));
    expect(await outbox.replay(USER, server.transport)).toEqual({
      applied: 3,
      conflicts: 0,
      stopped: null,
      notices: [
        { interventionId: 5, reason: dated },
        { interventionId: 6, reason: dated },
      ],
    });
    expect(await outbox.pending(USER)).toEqual([]);
  });

  it('survives a reload: a new database handle on the same store finds the changes, per user', async () => {
    const name = `o${++dbCount}`;
    const before = new Outbox(openDb(name));
    await before.enqueue(change(1, 'p'));
    await before.enqueue({ ...change(1, 'other'), userId: 8 });
    before.db.close();
    const after = new Outbox(openDb(name));
    expect((await after.pending(USER)).map((c) => c.clientId)).toEqual(['p']);
    expect(await after.count(8)).toBe(1);
  });

  it('sends each change id once applied even when the request timed out after the server applied it', async () => {
    const outbox = new Outbox(openDb(`o${++dbCount}`));
    await outbox.enqueue(change(1, 'once'));
    const server = fakeServer();
    server.timeoutAfterApplyingNext();
    expect((await outbox.replay(USER, server.transport)).stopped).toBe('network');
    expect(await outbox.count(USER)).toBe(1);
    await outbox.replay(USER, server.transport);
    expect(server.appliedOrder).toEqual(['once']);
    expect(await outbox.count(USER)).toBe(0);
  });

  it('a draft intervention is created once: sent with its id as the key, again after a lost answer, then a later change', async () => {
    const outbox = new Outbox(openDb(`o${++dbCount}`));
    await outbox.enqueue({ ...change(0, 'draft-1'), type: 'create', payload: { description: 'Poste 3' } });
    await outbox.enqueue(change(5, 'after'));
    const server = fakeServer();
    const created = new Map<string, number>();
    let loseAnswer = true;
    server.transport.create = async (c) => {
      // The server: one intervention per key (a known key answers the one already created).
      if (!created.has(c.clientId)) created.set(c.clientId, created.size + 1);
      if (loseAnswer) {
        loseAnswer = false;
        throw { status: 0, message: 'timeout' };
      }
    };
    expect((await outbox.replay(USER, server.transport)).stopped).toBe('network');
    expect(server.appliedOrder).toEqual([]);
    expect(await outbox.count(USER)).toBe(2);
    expect(await outbox.replay(USER, server.transport)).toEqual({
      applied: 2,
      conflicts: 0,
      stopped: null,
      notices: [],
    });
    expect([...created.keys()]).toEqual(['draft-1']);
    expect(server.appliedOrder).toEqual(['after']);
  });

  it('a refused draft (400) is kept for review with the French reason', async () => {
    const outbox = new Outbox(openDb(`o${++dbCount}`));
    await outbox.enqueue({ ...change(0, 'draft-2'), type: 'create', payload: {} });
    const server = fakeServer();
    server.transport.create = async () => {
      throw { status: 400, serverMessage: "L'équipement est obligatoire" };
    };
    expect((await outbox.replay(USER, server.transport)).stopped).toBe('refused');
    expect(await outbox.conflicts(USER)).toMatchObject([
      { clientId: 'draft-2', reason: "L'équipement est obligatoire" },
    ]);
  });
});

/** The outbox lists the sync route's change types itself (no zod in its chunk, issue 30): the same as the route's. */
it("sends through the sync route exactly the route's change types", () => {
  expect([...SYNC_KINDS].sort()).toEqual([...SYNC_CHANGE_TYPES].sort());
});
