import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { inPeriod, isCancelled, isCompleted, isFailed, isOpen, visible } from '../dashboard/metrics-sql.ts';

/** Status breakdown and urgent completion of a period, in one aggregate. */
export async function completionCounts(db: DbOrTx, p: { from: string; to: string }) {
  const { rows } = await db.execute<{
    total: number;
    completed: number;
    open: number;
    cancelled: number;
    failed: number;
    urgent_total: number;
    urgent_completed: number;
  }>(sql`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE ${isCompleted()})::int AS completed,
           count(*) FILTER (WHERE ${isOpen()})::int AS open,
           count(*) FILTER (WHERE ${isCancelled()})::int AS cancelled,
           count(*) FILTER (WHERE ${isFailed()})::int AS failed,
           count(*) FILTER (WHERE i.urgence)::int AS urgent_total,
           count(*) FILTER (WHERE i.urgence AND ${isCompleted()})::int AS urgent_completed
    FROM interventions i
    WHERE ${visible()} AND ${inPeriod(p.from, p.to)}`);
  return rows[0];
}

export async function countByStatus(db: DbOrTx, p: { from: string; to: string }) {
  const { rows } = await db.execute<{ statut: string; n: number }>(sql`
    SELECT i.statut, count(*)::int AS n
    FROM interventions i
    WHERE ${visible()} AND ${inPeriod(p.from, p.to)}
    GROUP BY 1 ORDER BY 1`);
  return Object.fromEntries(rows.map((r) => [r.statut, r.n]));
}
