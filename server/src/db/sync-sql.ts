import type { SyncInfo } from '@gmao/domain/common/sync';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './database.ts';

/**
 * Changes since (issue 35, domain/src/common/sync.ts): the rows of a table changed after an instant or a cursor,
 * oldest change first, on its (updated_at, id) index (migration 0061), up to the watermark.
 *
 * The watermark: the start of the oldest transaction still running in this database. updated_at is its writer's
 * transaction time, so a row another transaction is changing will carry an updated_at at or after that start; rows
 * before it are all committed. A cursor therefore never moves past a change that commits later (a long transaction
 * only delays what follows it).
 */
export async function syncWatermark(db: DbOrTx): Promise<{ iso: string; cursor: string }> {
  const { rows } = await db.execute<{ iso: string; micros: string }>(sql`
    WITH w AS (SELECT LEAST(now(), (SELECT min(xact_start) FROM pg_stat_activity
                 WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL)) AS at)
    SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS iso,
           (extract(epoch FROM at) * 1000000)::bigint::text AS micros
    FROM w`);
  // The position just before the watermark: a next call resumes there when every row before it has been read.
  return { iso: rows[0]!.iso, cursor: `${BigInt(rows[0]!.micros) - 1n}.0` };
}

export type SyncTable = 'interventions' | 'clients' | 'equipements' | 'parts';

/**
 * The ids of one page of changes of `table` (aliased `alias`, filtered by `where` on that alias), and where the next
 * call resumes. `q.cursor` ("<µs since 1970>.<id>") wins over `q.updated_since`.
 */
export async function syncPage(
  db: DbOrTx,
  table: SyncTable,
  alias: string,
  where: SQL | null,
  q: { updated_since?: string; cursor?: string },
  limit: number,
): Promise<{ ids: number[]; sync: SyncInfo }> {
  const a = sql.raw(alias);
  const watermark = await syncWatermark(db);
  let from: SQL;
  if (q.cursor) {
    const [micros, id] = q.cursor.split('.');
    from = sql`(${a}.updated_at, ${a}.id) > (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::bigint)`;
  } else {
    from = sql`${a}.updated_at >= ${q.updated_since ?? '1970-01-01T00:00:00Z'}::timestamptz`;
  }
  const { rows } = await db.execute<{ id: number; cursor: string }>(sql`
    SELECT ${a}.id, (extract(epoch FROM ${a}.updated_at) * 1000000)::bigint::text || '.' || ${a}.id AS cursor
    FROM ${sql.raw(table)} ${a}
    WHERE ${from} AND ${a}.updated_at < ${watermark.iso}::timestamptz${where ? sql` AND ${where}` : sql``}
    ORDER BY ${a}.updated_at, ${a}.id
    LIMIT ${limit + 1}`);
  const page = rows.slice(0, limit);
  return {
    ids: page.map((r) => r.id),
    sync: syncInfo(page.at(-1)?.cursor, rows.length > limit, watermark, q.cursor),
  };
}

/** Rows read by id, put back in the page's order. */
export function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Where the next call resumes: after the last row when the page was full (more to read now); else every change before
 * the watermark has been read, so just before the watermark (never behind the cursor given).
 */
export function syncInfo(
  last: string | undefined,
  more: boolean,
  watermark: { iso: string; cursor: string },
  given: string | undefined,
): SyncInfo {
  const position = (c: string) => {
    const [micros, id] = c.split('.');
    return [BigInt(micros!), BigInt(id!)] as const;
  };
  const later = (x: string, y: string) => {
    const [a, b] = [position(x), position(y)];
    return a[0] !== b[0] ? a[0] > b[0] : a[1] > b[1];
  };
  let cursor = more && last ? last : watermark.cursor;
  if (last && later(last, cursor)) cursor = last;
  if (given && later(given, cursor)) cursor = given;
  return { cursor, watermark: watermark.iso, more };
}
