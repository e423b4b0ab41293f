import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Fresh module state per test: "the page is up" happens once per page load.
const load = async () => import('./page-up');

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const settled = (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => {
    done = true;
  });
  return () => done;
};

describe('the page is up (background work waits for it)', () => {
  it('on a signed-in page, once its first reads are done — not before, however long they take', async () => {
    const { pageUp, pageReadsDone, PAGE_UP_FALLBACK_MS } = await load();
    let readsDone!: () => void;
    pageReadsDone(new Promise<void>((r) => (readsDone = r)));
    const up = settled(pageUp());
    await vi.advanceTimersByTimeAsync(PAGE_UP_FALLBACK_MS / 2);
    expect(up()).toBe(false);
    readsDone();
    await vi.advanceTimersByTimeAsync(10);
    expect(up()).toBe(true);
  });

  it('on a page that reads nothing (login), a few seconds after it loaded', async () => {
    const { pageUp, PAGE_UP_FALLBACK_MS } = await load();
    const up = settled(pageUp());
    await vi.advanceTimersByTimeAsync(PAGE_UP_FALLBACK_MS - 100);
    expect(up()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(up()).toBe(true);
  });

  it('a failed first read still lets the background work start', async () => {
    const { pageUp, pageReadsDone } = await load();
    pageReadsDone(Promise.reject(new Error('réseau')));
    const up = settled(pageUp());
    await vi.advanceTimersByTimeAsync(10);
    expect(up()).toBe(true);
  });
});
