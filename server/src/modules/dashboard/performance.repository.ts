import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import type { TimingMode } from '../../db/metrics-sql.ts';
import { meanHours, nWhere, rCompleted, rInPeriod, rOpen } from '../../db/rollups-sql.ts';

/** `timing` is kept for the callers; the roll-up already holds the history timing of every intervention. */
type Period = { from: string; to: string; timing?: TimingMode };

/** Period totals, mean time to start, MTTR and first-time-fix count (sums over the daily roll-up). */
export async function periodPerformance(db: DbOrTx, p: Period) {
  const { rows } = await db.execute<{
    total: number;
    completed: number;
    mtts: number | null;
    mttr: number | null;
    first_time_fix: number;
  }>(sql`
    SELECT ${nWhere()} AS total,
           ${nWhere(rCompleted)} AS completed,
           ${meanHours('start')} AS mtts,
           ${meanHours('repair')} AS mttr,
           COALESCE(sum(r.n - r.n_interrupted) FILTER (WHERE ${rCompleted}), 0)::int AS first_time_fix
    FROM rollup_day_status r
    WHERE ${rInPeriod(p.from, p.to)}`);
  return rows[0];
}

/** Open interventions already due: how many, mean and max age in days. */
export async function backlog(db: DbOrTx, today: string) {
  const { rows } = await db.execute<{ count: number; avg_age: number | null; max_age: number | null }>(sql`
    SELECT COALESCE(sum(r.n), 0)::int AS count,
           (sum(r.n * (${today}::date - r.day))::numeric / NULLIF(sum(r.n), 0))::float8 AS avg_age,
           (${today}::date - min(r.day))::int AS max_age
    FROM rollup_day_status r
    WHERE ${rOpen} AND r.day <= ${today}::date`);
  return rows[0];
}

/**
 * Per technician (null = not assigned): assigned and completed in the period, open now (workload), MTTR.
 * Only technicians with something in the period or open now appear.
 */
export async function perTechnician(db: DbOrTx, p: Period) {
  const inPeriod = rInPeriod(p.from, p.to);
  const { rows } = await db.execute<{
    technician_id: number | null;
    nom: string | null;
    assigned: number;
    completed: number;
    open: number;
    mttr: number | null;
  }>(sql`
    SELECT x.technician_id, u.nom, x.assigned, x.completed, x.open, x.mttr
    FROM (
      SELECT r.technician_id,
             ${nWhere(inPeriod)} AS assigned,
             ${nWhere(sql`${inPeriod} AND ${rCompleted}`)} AS completed,
             ${nWhere(rOpen)} AS open,
             ${meanHours('repair', inPeriod)} AS mttr
      FROM rollup_day_technician r
      WHERE ${inPeriod} OR ${rOpen}
      GROUP BY r.technician_id
    ) x
    LEFT JOIN users u ON u.id = x.technician_id
    ORDER BY x.assigned DESC, x.open DESC, u.nom NULLS LAST`);
  return rows;
}
