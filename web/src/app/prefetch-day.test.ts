import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  firstPrefetchDelay,
  notePrefetchAt,
  PREFETCH_DELAY_MS,
  PREFETCH_EVERY_MS,
  PREFETCH_MAX_INTERVENTIONS,
  pickInterventions,
  prefetchDay,
} from './prefetch-day';

const row = (id: number) => ({ id }) as Intervention;
const json = (data: unknown, extra = {}) =>
  new Response(JSON.stringify({ success: true, data, ...extra }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

let requests: string[] = [];
let own: Intervention[] = [];
let section: Intervention[] = [];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      const u = new URL(url, 'http://phone');
      if (u.pathname === '/api/interventions') {
        const list = u.searchParams.has('technician_id') ? own : section;
        return json(list, { pagination: { total: list.length, pages: 1, page: 1, limit: 30 } });
      }
      return json({ path: u.pathname });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('keeps his own open interventions first, then his section’s, each once, at most the bound', () => {
  expect(pickInterventions([row(1), row(2)], [row(2), row(3)]).map((i) => i.id)).toEqual([1, 2, 3]);
  const many = Array.from({ length: 50 }, (_, i) => row(i + 1));
  expect(pickInterventions(many, [row(99)])).toHaveLength(PREFETCH_MAX_INTERVENTIONS);
});

it('asks his open ones and his section’s due within 7 days, then caches each detail, my day and his parts', async () => {
  own = [row(11)];
  section = [row(11), row(12)];
  const client = new QueryClient();
  expect(await prefetchDay(client, 7, new Date(2026, 10, 28, 7, 42))).toBe(2);
  const lists = requests.filter((r) => r.startsWith('/api/interventions?'));
  expect(lists.some((r) => r.includes('technician_id=7') && r.includes('open=true'))).toBe(true);
  expect(lists.some((r) => r.includes('due_before=2026-12-05') && r.includes('open=true'))).toBe(true);
  for (const id of [11, 12]) {
    for (const part of ['detail', 'workflow', 'checklist', 'materials', 'attachments', 'timer', 'records', 'history']) {
      expect(client.getQueryData(['interventions', part, id]), `${part} ${id}`).toBeDefined();
    }
  }
  expect(client.getQueryData(['dashboard', 'my-work'])).toBeDefined();
  expect(client.getQueryData(['stock', 'choices'])).toBeDefined();
  expect(client.getQueryData(['equipment', 'options', 1000])).toBeDefined();
  expect(requests).toContain('/api/interventions/12/checklist');
  // Nothing of an intervention that is neither his nor due.
  expect(requests.some((r) => r.includes('/interventions/13/'))).toBe(false);
});

it('offline or refused lists: nothing is fetched ahead', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  const client = new QueryClient();
  expect(await prefetchDay(client, 7)).toBe(0);
  expect(client.getQueryCache().getAll()).toHaveLength(0);
});

describe('the first fetch on app open', () => {
  it('comes soon after the page when never done or over 15 min ago, and not again on a reload within 15 min', () => {
    localStorage.removeItem('gmao.prefetch.41');
    expect(firstPrefetchDelay(41, 1_000_000)).toBe(PREFETCH_DELAY_MS);
    notePrefetchAt(41, 1_000_000);
    expect(firstPrefetchDelay(41, 1_000_000 + 60_000)).toBe(PREFETCH_EVERY_MS - 60_000);
    expect(firstPrefetchDelay(41, 1_000_000 + PREFETCH_EVERY_MS + 1)).toBe(PREFETCH_DELAY_MS);
    // another technician on the same phone has his own
    expect(firstPrefetchDelay(42, 1_000_000 + 60_000)).toBe(PREFETCH_DELAY_MS);
  });
});
