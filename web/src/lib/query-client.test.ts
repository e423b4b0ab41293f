import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

/** Spec §7 "Query behaviour" and the general freshness of §9, through the app's own QueryClient. */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const failing = (status: number) => vi.fn(async () => Promise.reject(new ApiError(status, 'x', null)));

async function settle<T>(promise: Promise<T>) {
  const done = promise.catch(() => undefined);
  await vi.runAllTimersAsync();
  await done;
}

describe('query client (spec §7, §9)', () => {
  it('queries: no retry on a 4xx, one retry otherwise (network errors included), none while offline', async () => {
    for (const [status, calls] of [
      [404, 1],
      [422, 1],
      [500, 2],
      [0, 2],
    ] as const) {
      const fn = failing(status);
      await settle(createQueryClient().fetchQuery({ queryKey: ['q', status], queryFn: fn }));
      expect(fn, `status ${status}`).toHaveBeenCalledTimes(calls);
    }
  });

  it('queries: no retry at all while the browser is offline', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fn = failing(0);
    await settle(createQueryClient().fetchQuery({ queryKey: ['offline'], queryFn: fn }));
    expect(fn).toHaveBeenCalledTimes(1);
    online.mockRestore();
  });

  it('mutations: retried once, never on a 4xx', async () => {
    for (const [status, calls] of [
      [400, 1],
      [500, 2],
    ] as const) {
      const fn = failing(status);
      const client = createQueryClient();
      const mutation = client.getMutationCache().build(client, { mutationFn: fn });
      await settle(mutation.execute(undefined));
      expect(fn, `status ${status}`).toHaveBeenCalledTimes(calls);
    }
  });

  it('never pauses while offline: requests fail at once instead of spinning', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.networkMode).toBe('always');
    expect(defaults.mutations?.networkMode).toBe('always');
  });

  it('general freshness 5 min, cache 10 min', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(5 * 60_000);
    expect(defaults?.gcTime).toBe(10 * 60_000);
  });
});
