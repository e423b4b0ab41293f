import { QueryObserver } from '@tanstack/react-query';
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

/**
 * Issue 36: the list's first read of a new search was in flight when an edit was saved; the invalidation reused that
 * read, so the list showed the old values (and kept them as fresh for five minutes).
 */
describe('an invalidation after a change', () => {
  it('reads again when the query has no data yet and its first read, started before the change, is in flight', async () => {
    const client = createQueryClient();
    const answers: ((rows: string) => void)[] = [];
    const queryFn = vi.fn(() => new Promise<string>((resolve) => answers.push(resolve)));
    const queryKey = ['clients', 'list', { search: 'Atlas' }];
    const unsubscribe = new QueryObserver(client, { queryKey, queryFn }).subscribe(() => undefined);
    await vi.runAllTimersAsync();
    expect(queryFn).toHaveBeenCalledTimes(1); // the first read, no data yet

    const invalidated = client.invalidateQueries({ queryKey: ['clients'] }); // the edit has been saved
    answers[0]?.('Casablanca'); // the read that started before the edit answers with the old row
    await vi.runAllTimersAsync();
    expect(queryFn).toHaveBeenCalledTimes(2);
    answers[1]?.('Rabat');
    await invalidated;
    expect(client.getQueryData(queryKey)).toBe('Rabat');
    expect(client.getQueryState(queryKey)?.isInvalidated).toBe(false);
    unsubscribe();
  });

  it('leaves the reads of queries it does not refetch alone (refetchType none)', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => 'Rabat');
    const queryKey = ['clients', 'list', { search: 'Atlas' }];
    const unsubscribe = new QueryObserver(client, { queryKey, queryFn }).subscribe(() => undefined);
    await client.invalidateQueries({ queryKey: ['clients'], refetchType: 'none' });
    await vi.runAllTimersAsync();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(queryKey)).toBe('Rabat');
    unsubscribe();
  });
});
