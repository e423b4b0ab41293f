import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveUser } from '../session-storage';
import { sessionUser, signedIn } from '../testing/session';
import { OUTBOX_USED_KEY } from './outbox-used';
import { hasPending, useQueuedStatut } from './pending';
import { loadOutbox, queueChange, usedOutboxAtStart, useOutbox } from './use-outbox';

const ADMIN = { id: 3, role: 'Administrateur' };
// the rows' queued statuses follow the stored session's user, as after a login
beforeEach(() => saveUser(sessionUser(ADMIN)));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // the in-memory IndexedDB outlives this file in a shared worker: leave no queued change to the next one
  await (await loadOutbox()).db.outbox.clear();
});

/**
 * Issue 30 item 10: an office user's pages never load Dexie nor open IndexedDB when this browser never queued a change
 * (~30 KB and ~100 ms of a phone's main thread at every start); once something was queued, every later start reads it.
 */
describe('the outbox at start', () => {
  it('is not opened for a user whose browser never queued anything: no pending change, no queued status', async () => {
    const open = vi.spyOn(indexedDB, 'open');
    const outbox = renderHook(() => useOutbox(), signedIn(ADMIN));
    const statut = renderHook(() => useQueuedStatut(52), signedIn(ADMIN));
    // the start reads wait for the same gate: once this resolves, theirs have run
    expect(await usedOutboxAtStart()).toBeNull();
    expect(await hasPending(3, 52)).toBe(false);
    expect(outbox.result.current).toMatchObject({ pending: 0, conflicts: 0, savedAt: null, box: null });
    expect(statut.result.current).toBeNull();
    expect(open).not.toHaveBeenCalled();
    expect(localStorage.getItem(OUTBOX_USED_KEY)).toBeNull();
  });

  it('is read at every later start once a change was queued in this browser', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false }); // kept, not sent
    await queueChange({
      userId: 3,
      interventionId: 52,
      type: 'status',
      at: '2026-11-29T08:10:00+01:00',
      payload: { statut: 'EN_COURS' },
      baseVersion: 1,
    });
    expect(localStorage.getItem(OUTBOX_USED_KEY)).not.toBeNull();

    // a new page: fresh modules, the outbox not loaded yet
    vi.resetModules();
    const fresh = await import('./use-outbox');
    const freshPending = await import('./pending');
    const as = (await import('../testing/session')).signedIn(ADMIN);
    const outbox = renderHook(() => fresh.useOutbox(), as);
    const statut = renderHook(() => freshPending.useQueuedStatut(52), as);
    await waitFor(() => expect(outbox.result.current.pending).toBe(1));
    await waitFor(() => expect(statut.result.current).toBe('EN_COURS'));
    expect(await freshPending.hasPending(3, 52)).toBe(true);
  });
});
