import 'fake-indexeddb/auto';
import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnToasts } from '../testing/toasts';
import { notify } from '../toast';
import { loadOutbox, MAX_NOTICE_TOASTS, replayOutbox, tellNotices } from './use-outbox';

beforeEach(async () => {
  spyOnToasts();
  // the in-memory IndexedDB is shared by the files of a worker: replay only what this file queues
  await (await loadOutbox()).db.outbox.clear();
});

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

/** Issue 32: the sync's `notices` (changes applied with a reservation) are told to the technician after a replay. */
describe('the notices of a replay', () => {
  it('toasts each notice with its intervention, the ones beyond the limit summed up', () => {
    const reason = "Heure de l'appareil (28/11/2026 à 07:42) dans le futur : heure du serveur retenue";
    tellNotices([]);
    expect(notify.info).not.toHaveBeenCalled();
    tellNotices([{ interventionId: 12, reason }]);
    expect(notify.info).toHaveBeenCalledWith(OUTBOX_MESSAGES.notice(12, reason));
    vi.mocked(notify.info).mockClear();
    tellNotices(Array.from({ length: MAX_NOTICE_TOASTS + 2 }, (_, i) => ({ interventionId: i + 1, reason })));
    expect(vi.mocked(notify.info).mock.calls.map(([m]) => m)).toEqual([
      ...Array.from({ length: MAX_NOTICE_TOASTS }, (_, i) => OUTBOX_MESSAGES.notice(i + 1, reason)),
      OUTBOX_MESSAGES.moreNotices(2),
    ]);
    expect(OUTBOX_MESSAGES.notice(12, reason)).toBe(`Intervention #12 — modification envoyée : ${reason}`);
  });

  it("tells a replay's notices once, even when several callers wait on the same replay", async () => {
    const reason = "Heure de l'appareil (28/11/2026 à 07:42) dans le futur : heure du serveur retenue";
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        const ids = body.changes.map((c: { clientId: string }) => c.clientId);
        const data = { applied: ids, conflicts: [], notices: [{ clientId: ids[0], reason }], intervention: { id: 41 } };
        return new Response(JSON.stringify({ success: true, data }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    await (await loadOutbox()).enqueue({
      userId: 3,
      interventionId: 41,
      type: 'status',
      at: '2026-11-28T07:42:00+01:00',
      payload: { statut: 'TERMINEE' },
      baseVersion: 1,
    });
    const [a, b] = await Promise.all([replayOutbox(3), replayOutbox(3)]);
    expect(a).toBe(b);
    expect(a?.notices).toEqual([{ interventionId: 41, reason }]);
    expect(vi.mocked(notify.info).mock.calls).toEqual([[OUTBOX_MESSAGES.notice(41, reason)]]);
  });
});
