import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { casablancaToday } from '@gmao/domain/interventions/due-day';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { LRUCache } from 'lru-cache';

/**
 * The interventions list's pages, kept by this instance and served again while the data they were read from is
 * unchanged (issue 16: a page read from PostgreSQL cost ~3× the ceiling's CPU).
 *
 * Why a kept page is never stale (migration 0036, db/list-cache-version.ts): its version is read by the statement
 * that read its rows, in the same snapshot, and every write to a table the list reads moves the version in its own
 * transaction — so a page and its version always agree, and the version moves exactly when such a write commits. A
 * request reads the current version with its session (auth plugin, request.listCacheVersion) and is served a kept
 * page only if it is that version's. The reference day is part of the key (the overdue filter).
 *
 * Per instance, by design: each instance checks its pages against the database's version on every request, so N
 * instances behind a balancer serve the same answers and there is nothing to invalidate across them. Bounded:
 * MAX_ROWS rows in all (~1.5 KB each: ~15 MB), the least recently used pages dropped.
 */
export const MAX_ROWS = 10_000;

/** A page of the list, its count, and the version of the data it was read from (null: not to be kept). */
export interface ListPage {
  rows: Intervention[];
  total: number;
  capped: boolean;
  version: string | null;
}

export type ListCacheResult = 'hit' | 'miss' | 'unkept';

export interface ListCache {
  /**
   * The page of `query` at `version` (the request's; null: none) — kept, or read by `read` (and kept). `fresh` reads
   * it again even when kept (the client's Cache-Control: no-cache).
   */
  page(
    version: string | null,
    query: Record<string, unknown>,
    read: () => Promise<ListPage>,
    fresh?: boolean,
  ): Promise<{ page: Omit<ListPage, 'version'>; result: ListCacheResult }>;
}

export function createListCache(maxRows = MAX_ROWS): ListCache {
  const pages = new LRUCache<string, ListPage & { version: string }>({
    maxSize: maxRows,
    sizeCalculation: (page) => Math.max(1, page.rows.length),
  });
  return {
    async page(version, query, read, fresh = false) {
      const entries = Object.entries(query).filter(([, v]) => v !== undefined);
      // the day of the overdue filter (UTC) and of the nearest order (Casablanca's): a new day is a new page
      const key = `${metricsToday()} ${casablancaToday()} ${JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : 1)))}`;
      // sla=A_RISQUE depends on the clock (alerte_le <= now()), not only on the data: never kept.
      if ((query as { sla?: string }).sla === 'A_RISQUE') return { page: await read(), result: 'unkept' };
      const kept = pages.get(key);
      if (!fresh && version !== null && kept?.version === version) return { page: kept, result: 'hit' };
      const page = await read();
      if (page.version === null) return { page, result: 'unkept' };
      pages.set(key, { ...page, version: page.version });
      return { page, result: 'miss' };
    },
  };
}
