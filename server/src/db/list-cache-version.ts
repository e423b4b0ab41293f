import { sql } from 'drizzle-orm';

/**
 * The version of the data the interventions list shows (migration 0036): the sum of counters that every committed
 * write to a table the list reads moves on. A column of the statement that reads the data (the same snapshot), and of
 * the session lookup that every request makes first (modules/interventions/list-cache.ts).
 */
export const LIST_CACHE_VERSION = sql`(SELECT sum(n) FROM list_cache_versions)::text`;
