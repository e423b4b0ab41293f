import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxChange } from './outbox';
import { hasPendingClientSignature, pendingChecks, pendingStatut, sendOrQueue } from './pending';
import { loadOutbox } from './use-outbox';

const USER = 41;
const change = (interventionId = 9) =>
  ({ userId: USER, interventionId, type: 'status', payload: { statut: 'EN_COURS' }, baseVersion: 3 }) as const;
const noAnswer = Object.assign(new Error('Erreur de connexion'), { status: 0 });

let online = true;
beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  // A replay started by a queued change finds no network.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  await (await loadOutbox()).db.outbox.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const rows = async () => (await loadOutbox()).db.outbox.toArray();

describe('sendOrQueue: the detail action online, or kept on the phone', () => {
  it('online, the request is sent and nothing is kept', async () => {
    const send = vi.fn(async () => ({ message: 'ok' }));
    const out = await sendOrQueue(change(), send);
    expect(out).toEqual({ queued: false, result: { message: 'ok' } });
    expect(send).toHaveBeenCalledTimes(1);
    expect(await rows()).toEqual([]);
  });

  it('offline, nothing is sent: the change is kept with its id, payload and base version', async () => {
    online = false;
    const send = vi.fn(async () => ({ message: 'ok' }));
    const out = await sendOrQueue(change(), send);
    expect(send).not.toHaveBeenCalled();
    expect(out.queued).toBe(true);
    const [row] = await rows();
    expect(row).toMatchObject({
      userId: USER,
      interventionId: 9,
      type: 'status',
      payload: { statut: 'EN_COURS' },
      baseVersion: 3,
      state: 'pending',
      clientId: out.queued ? out.clientId : '',
    });
  });

  it('a request without an answer (status 0) is kept; a refusal of the server is thrown and not kept', async () => {
    const kept = await sendOrQueue(change(), () => Promise.reject(noAnswer));
    expect(kept.queued).toBe(true);
    expect(await rows()).toHaveLength(1);
    await (await loadOutbox()).db.outbox.clear();
    const refusal = Object.assign(new Error('Transition refusée'), { status: 422 });
    await expect(sendOrQueue(change(), () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(await rows()).toEqual([]);
  });

  it('online behind changes of the same intervention still waiting: kept after them, in order', async () => {
    online = false;
    await sendOrQueue(change(), async () => 'first');
    online = true;
    const send = vi.fn(async () => 'second');
    const out = await sendOrQueue({ ...change(), type: 'note', payload: { note: 'Câble remplacé' } }, send);
    expect(out.queued).toBe(true);
    expect(send).not.toHaveBeenCalled();
    // Another intervention is not held back.
    expect((await sendOrQueue(change(10), async () => 'other')).queued).toBe(false);
    await vi.waitFor(async () =>
      expect((await (await loadOutbox()).pending(USER)).map((r) => r.type)).toEqual(['status', 'note']),
    );
  });

  it('keeps the change id given for the online request (a signature sent with change_id)', async () => {
    const out = await sendOrQueue({ ...change(), type: 'signature', clientId: 'sig-client-1' }, () =>
      Promise.reject(noAnswer),
    );
    expect(out).toEqual({ queued: true, clientId: 'sig-client-1' });
    expect((await rows())[0]?.clientId).toBe('sig-client-1');
  });

  it('without a user, only sends', async () => {
    online = false;
    const out = await sendOrQueue({ ...change(), userId: null }, async () => 'sent');
    expect(out).toEqual({ queued: false, result: 'sent' });
    expect(await rows()).toEqual([]);
  });
});

describe('what the detail shows of the waiting changes', () => {
  const row = (type: OutboxChange['type'], payload: unknown, state: OutboxChange['state'] = 'pending') =>
    ({
      userId: USER,
      interventionId: 9,
      clientId: `${type}-${Math.random()}`,
      type,
      at: '',
      payload,
      baseVersion: 1,
      state,
    }) as OutboxChange;

  it('the last status waiting; a refused one is not shown as the status', () => {
    expect(pendingStatut([])).toBeNull();
    const list = [row('status', { statut: 'EN_COURS' }), row('checklist', {}), row('status', { statut: 'TERMINEE' })];
    expect(pendingStatut(list)?.payload).toEqual({ statut: 'TERMINEE' });
    expect(pendingStatut([row('status', { statut: 'EN_COURS' }, 'conflict')])).toBeNull();
  });

  it('the last tick of each step, and whether the client has signed on the phone', () => {
    const map = pendingChecks([
      row('checklist', { itemId: 1, checked: true }),
      row('checklist', { itemId: 2, checked: true }),
      row('checklist', { itemId: 1, checked: false }),
    ]);
    expect(map.get(1)).toEqual({ checked: false, state: 'pending' });
    expect(map.get(2)?.checked).toBe(true);
    expect(hasPendingClientSignature([row('signature', { role: 'TECHNICIEN' })])).toBe(false);
    expect(hasPendingClientSignature([row('signature', { role: 'CLIENT' })])).toBe(true);
    expect(hasPendingClientSignature([row('signature', { role: 'CLIENT' }, 'conflict')])).toBe(false);
  });
});
