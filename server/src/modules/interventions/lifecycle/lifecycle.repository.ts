import type { Dependencies } from '@gmao/domain/interventions/lifecycle-schemas';
import type { Statut } from '@gmao/domain/interventions/status';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';

export type LifecycleRow = {
  id: number;
  statut: Statut;
  deleted_at: Date | string | null;
  archived_at: Date | string | null;
  /** The policy's facts (domain/src/interventions/policy.ts). */
  creer_par: number | null;
  technician_id: number | null;
  version: number;
};

const COLUMNS = sql`id, statut, deleted_at, archived_at, creer_par, technician_id, version`;

/** Row lock on the intervention whatever its state (active, archived or in the trash). */
export async function lockAnyIntervention(db: DbOrTx, id: number): Promise<LifecycleRow | null> {
  const { rows } = await db.execute<LifecycleRow>(
    sql`SELECT ${COLUMNS} FROM interventions WHERE id = ${id} FOR UPDATE`,
  );
  return rows[0] ?? null;
}

export async function findAnyIntervention(db: DbOrTx, id: number): Promise<LifecycleRow | null> {
  const { rows } = await db.execute<LifecycleRow>(sql`SELECT ${COLUMNS} FROM interventions WHERE id = ${id}`);
  return rows[0] ?? null;
}

/** Sets or clears deleted_at / archived_at (undefined leaves a column as it is). */
export async function setLifecycle(db: DbOrTx, id: number, change: { deleted?: boolean; archived?: boolean }) {
  const { rows } = await db.execute<LifecycleRow>(sql`UPDATE interventions SET
      deleted_at = CASE ${change.deleted ?? null}::boolean WHEN true THEN clock_timestamp() WHEN false THEN NULL ELSE deleted_at END,
      archived_at = CASE ${change.archived ?? null}::boolean WHEN true THEN clock_timestamp() WHEN false THEN NULL ELSE archived_at END,
      updated_at = clock_timestamp()
    WHERE id = ${id}
    RETURNING ${COLUMNS}`);
  return rows[0];
}

/** Counts of the rows that go with the intervention when it is deleted for good (ON DELETE CASCADE). */
export async function dependencyCounts(db: DbOrTx, id: number): Promise<Dependencies & { runningTimers: number }> {
  const { rows } = await db.execute<Dependencies & { runningTimers: number }>(sql`SELECT
      (SELECT count(*)::int FROM intervention_history WHERE intervention_id = ${id}) AS "history",
      (SELECT count(*)::int FROM intervention_materials WHERE intervention_id = ${id}) AS "materials",
      (SELECT count(*)::int FROM intervention_comments WHERE intervention_id = ${id}) AS "comments",
      (SELECT count(*)::int FROM intervention_attachments WHERE intervention_id = ${id}) AS "attachments",
      (SELECT count(*)::int FROM intervention_timer_sessions WHERE intervention_id = ${id}) AS "timerSessions",
      (SELECT count(*)::int FROM intervention_timer_sessions WHERE intervention_id = ${id} AND stopped_at IS NULL)
        AS "runningTimers"`);
  return rows[0];
}
