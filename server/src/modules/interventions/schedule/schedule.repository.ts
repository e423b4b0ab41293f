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

export async function writeSchedule(db: DbOrTx, id: number, plannedAt: Date, dureePrevue: number | null) {
  await db.execute(sql`UPDATE interventions
    SET planned_at = ${plannedAt.toISOString()}::timestamptz, duree_prevue = ${dureePrevue}, updated_at = clock_timestamp()
    WHERE id = ${id}`);
}
