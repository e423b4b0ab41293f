import { PLANNING_TIME_ZONE } from '@gmao/domain/interventions/schedule-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';

export type ScheduleRow = { planned_at: Date | string | null; duree_prevue: number | null };

/** The current schedule of an intervention (the caller holds its row lock). */
export async function findSchedule(db: DbOrTx, id: number): Promise<ScheduleRow> {
  const { rows } = await db.execute<ScheduleRow>(
    sql`SELECT planned_at, duree_prevue FROM interventions WHERE id = ${id}`,
  );
  return rows[0] ?? { planned_at: null, duree_prevue: null };
}

/**
 * The instant of a planned time: with a zone it is that instant; without one it is Casablanca's wall clock, which
 * PostgreSQL's time zone database turns into an instant (summer and Ramadan offsets included).
 */
export async function plannedInstant(db: DbOrTx, date: string, zoned: boolean): Promise<Date> {
  const { rows } = await db.execute<{ at: Date | string }>(
    zoned
      ? sql`SELECT ${date}::timestamptz AS at`
      : sql`SELECT ${date}::timestamp AT TIME ZONE ${PLANNING_TIME_ZONE} AS at`,
  );
  return new Date(rows[0]?.at ?? Number.NaN);
}

export async function writeSchedule(db: DbOrTx, id: number, plannedAt: Date, dureePrevue: number | null) {
  await db.execute(sql`UPDATE interventions
    SET planned_at = ${plannedAt.toISOString()}::timestamptz, duree_prevue = ${dureePrevue}, updated_at = clock_timestamp()
    WHERE id = ${id}`);
}
