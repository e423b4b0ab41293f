import type { AuditFilters } from '@gmao/domain/audit/audit-schemas';
import { dayStartInstant, nextDayStartBound } from '@gmao/domain/interventions/planning-clock';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditInsert = typeof auditLog.$inferInsert;

export async function insertAudit(db: DbOrTx, row: AuditInsert): Promise<void> {
  await db.insert(auditLog).values(row);
}

export type AuditRow = {
  id: number;
  at: Date;
  action: string;
  actor_id: number | null;
  actor_username: string | null;
  entity_type: string | null;
  entity_id: string | null;
  summary: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  request_id: string | null;
};

function whereOf(f: AuditFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (f.action) conditions.push(sql`action = ${f.action}`);
  if (f.entityType) conditions.push(sql`entity_type = ${f.entityType}`);
  if (f.entityId) conditions.push(sql`entity_id = ${f.entityId}`);
  if (f.actor) conditions.push(sql`actor_username ILIKE ${`%${escapeLike(f.actor)}%`}`);
  // Dates are Morocco's calendar days (the office's), whatever the server's time zone.
  // Casablanca days, converted by the server's one owner of the zone (planning-clock.ts).
  if (f.from) conditions.push(sql`at >= ${dayStartInstant(f.from).toISOString()}::timestamptz`);
  if (f.to) conditions.push(sql`at < ${nextDayStartBound(f.to)}::timestamptz`);
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    conditions.push(sql`(summary ILIKE ${like} OR entity_id = ${f.search} OR actor_username ILIKE ${like})`);
  }
  return sql.join(conditions, sql` AND `);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function countAudit(db: DbOrTx, f: AuditFilters): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE ${whereOf(f)}`);
  return rows[0]?.n ?? 0;
}

/** Newest first; `after` = the last row of the previous page (keyset), else OFFSET paging for the list page. */
export async function listAudit(
  db: DbOrTx,
  f: AuditFilters,
  page: { limit: number; offset?: number; after?: { at: Date; id: number } },
): Promise<AuditRow[]> {
  const keyset = page.after
    ? sql`AND (at, id) < (${page.after.at.toISOString()}::timestamptz, ${page.after.id})`
    : sql``;
  const { rows } = await db.execute<AuditRow>(sql`
    SELECT id, at, action, actor_id, actor_username, entity_type, entity_id, summary, before, after, ip, request_id
    FROM audit_log WHERE ${whereOf(f)} ${keyset}
    ORDER BY at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset ?? 0}`);
  return rows;
}

/** Deletes rows older than the retention; the trigger lets only this transaction delete. */
export async function purgeAuditOlderThan(db: DbOrTx, days: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('gmao.audit_purge', 'on', true)`);
    const res = await tx.execute(sql`DELETE FROM audit_log WHERE at < now() - make_interval(days => ${days})`);
    return res.rowCount ?? 0;
  });
}
