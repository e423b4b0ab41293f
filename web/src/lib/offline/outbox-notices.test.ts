import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../toast';
import { MAX_NOTICE_TOASTS, tellNotices } from './use-outbox';

vi.mock('../toast', async (actual) => ({
  ...(await actual<typeof import('../toast')>()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));
afterEach(() => vi.clearAllMocks());

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
});
