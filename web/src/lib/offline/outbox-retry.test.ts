import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOutbox, OUTBOX_RETRY, REPLAY_RETRY_MS, replayOutbox } from './use-outbox';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const sync = (init?: RequestInit) => {
  const ids = JSON.parse(String(init?.body)).changes.map((c: { clientId: string }) => c.clientId);
  const data = { applied: ids, conflicts: [], notices: [], intervention: { id: 52 } };
  return new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
};

/**
 * Issue 36: back online, the first replay can find no network yet (the 'online' event came first); the changes must
 * not wait for the next reconnect or the banner's button.
 */
describe('a replay that got no answer while online', () => {
  it('is tried again after 2 s, then 5 s, and no more once the changes went through', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answer = false;
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (!answer) throw new TypeError('Failed to fetch');
      return sync(init);
    });
    vi.stubGlobal('fetch', fetch);
    const retries = vi.fn();
    window.addEventListener(OUTBOX_RETRY, retries);
    const box = await loadOutbox();
    await box.enqueue({
      userId: 7,
      interventionId: 52,
      type: 'status',
      at: '2026-11-29T08:10:00+01:00',
      payload: { statut: 'EN_COURS' },
      baseVersion: 1,
    });

    expect((await replayOutbox(7))?.stopped).toBe('network');
    expect(await box.count(7)).toBe(1);
    vi.advanceTimersByTime(REPLAY_RETRY_MS[0] - 1);
    expect(retries).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(retries).toHaveBeenCalledTimes(1);

    // (what a mounted useOutbox does on the event) still no network: the next try waits longer
    expect((await replayOutbox(7))?.stopped).toBe('network');
    vi.advanceTimersByTime(REPLAY_RETRY_MS[0]);
    expect(retries).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REPLAY_RETRY_MS[1] - REPLAY_RETRY_MS[0]);
    expect(retries).toHaveBeenCalledTimes(2);

    answer = true;
    const outcome = await replayOutbox(7);
    expect(outcome).toMatchObject({ applied: 1, stopped: null });
    expect(await box.count(7)).toBe(0);
    vi.advanceTimersByTime(REPLAY_RETRY_MS.at(-1) ?? 0);
    expect(retries).toHaveBeenCalledTimes(2);
    window.removeEventListener(OUTBOX_RETRY, retries);
  });

  it('is not tried again while the browser is offline (coming back online replays)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const retries = vi.fn();
    window.addEventListener(OUTBOX_RETRY, retries);
    expect(await replayOutbox(7)).toBeNull();
    vi.advanceTimersByTime(REPLAY_RETRY_MS.at(-1) ?? 0);
    expect(retries).not.toHaveBeenCalled();
    window.removeEventListener(OUTBOX_RETRY, retries);
  });
});
