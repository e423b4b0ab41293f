import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import {
  backlogAge,
  inPeriod,
  isCompleted,
  isOpen,
  repairHours,
  startHours,
  type TimingMode,
  timingJoin,
  visible,
  wasInterrupted,
} from './metrics-sql.ts';

type Period = { from: string; to: string; timing: TimingMode };

/** Period totals, mean time to start, MTTR and first-time-fix count (SQL aggregates over the period). */
export async function periodPerformance(db: DbOrTx, p: Period) {
  const { rows } = await db.execute<{
    total: number;
    completed: number;
    mtts: number | null;
    mttr: number | null;
    first_time_fix: number;
  }>(sql`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE ${isCompleted()})::int AS completed,
           avg(${startHours()}) AS mtts,
           avg(${repairHours()}) AS mttr,
           count(*) FILTER (WHERE ${isCompleted()} AND NOT ${wasInterrupted()})::int AS first_time_fix
    FROM interventions i ${timingJoin('i', p.timing)}
    WHERE ${visible()} AND ${inPeriod(p.from, p.to)}`);
  return rows[0];
}

/** Open interventions already due: how many, mean and max age in days. */
export async function backlog(db: DbOrTx, today: string) {
  const { rows } = await db.execute<{ count: number; avg_age: number | null; max_age: number | null }>(sql`
    SELECT count(*)::int AS count,
           avg(${backlogAge(today)})::float8 AS avg_age,
           max(${backlogAge(today)})::int AS max_age
    FROM interventions i
    WHERE ${visible()} AND ${isOpen()} AND i.date <= ${today}::date`);
  return rows[0];
}

/**
 * Per technician (null = not assigned): assigned and completed in the period, open now (workload), MTTR.
 * Only technicians with something in the period or open now appear.
 */
export async function perTechnician(db: DbOrTx, p: Period) {
  const { rows } = await db.execute<{
    technician_id: number | null;
    nom: string | null;
    assigned: number;
    completed: number;
    open: number;
    mttr: number | null;
  }>(sql`
    SELECT i.technician_id, u.nom,
           count(*) FILTER (WHERE ${inPeriod(p.from, p.to)})::int AS assigned,
           count(*) FILTER (WHERE ${inPeriod(p.from, p.to)} AND ${isCompleted()})::int AS completed,
           count(*) FILTER (WHERE ${isOpen()})::int AS open,
           avg(${repairHours()}) FILTER (WHERE ${inPeriod(p.from, p.to)}) AS mttr
    FROM interventions i
    LEFT JOIN users u ON u.id = i.technician_id
    ${timingJoin('i', p.timing)}
    WHERE ${visible()} AND (${inPeriod(p.from, p.to)} OR ${isOpen()})
    GROUP BY i.technician_id, u.nom
    ORDER BY assigned DESC, open DESC, u.nom NULLS LAST`);
  return rows;
}
