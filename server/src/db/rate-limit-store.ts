import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';

type Counter = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Counter) => void;
type RouteInfo = { method?: string | string[]; url?: string };
/**
 * What child() receives at run time: the route's merged limit options with `routeInfo`, the route (the plugin's
 * types say the route options themselves).
 */
const routeOf = (options: unknown): RouteInfo | undefined => (options as { routeInfo?: RouteInfo }).routeInfo;

/**
 * A store for @fastify/rate-limit whose counters live in PostgreSQL (table rate_limits, migration 0030), so that a
 * limit holds across every instance behind a balancer (the plugin's own store is each process's memory). A fixed
 * window per key, restarted in place by the same upsert that counts the request; each route's limit counts under its
 * own prefix (child()). Rows whose window ended more than a day ago are deleted when a window restarts.
 */
export function pgRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class PgRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;

    constructor(options: FastifyRateLimitOptions) {
      const info = routeOf(options);
      this.prefix = info?.url ? `${[info.method].flat().join(',')} ${info.url}|` : 'global|';
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      count(db, `${this.prefix}${key}`, timeWindow).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new PgRateLimitStore(routeOptions as FastifyRateLimitOptions);
    }
  };
}

const windowOf = (ms: number) => sql`make_interval(secs => ${ms / 1000}::float8)`;

/** One hit on the counter `key` (a fixed window of `timeWindow` ms): the hits so far and the ms left in the window. */
export async function countHit(db: Db, key: string, timeWindow: number): Promise<Counter> {
  return count(db, key, timeWindow);
}

async function count(db: Db, key: string, timeWindow: number): Promise<Counter> {
  const expired = sql`rate_limits.window_start <= now() - ${windowOf(timeWindow)}`;
  const { rows } = await db.execute<{ hits: number; ttl: number; restarted: boolean }>(sql`
    INSERT INTO rate_limits AS rate_limits (key, hits, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN ${expired} THEN 1 ELSE rate_limits.hits + 1 END,
      window_start = CASE WHEN ${expired} THEN now() ELSE rate_limits.window_start END
    RETURNING hits,
      greatest(0, ceil(extract(epoch FROM window_start + ${windowOf(timeWindow)} - now()) * 1000))::int AS ttl,
      hits = 1 AS restarted`);
  const [row] = rows;
  if (!row) throw new Error('rate_limits: the upsert returned no row');
  if (row.restarted) {
    await db.execute(sql`DELETE FROM rate_limits WHERE key IN (
      SELECT key FROM rate_limits WHERE window_start < now() - interval '1 day' FOR UPDATE SKIP LOCKED)`);
  }
  return { current: row.hits, ttl: row.ttl };
}
