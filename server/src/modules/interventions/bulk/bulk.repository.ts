import type { Statut } from '@gmao/domain/interventions/status';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';

export type BulkRow = {
  id: number;
  statut: Statut;
  equipement_id: number;
  client_id: number;
  date: string;
  urgence: boolean;
  deleted_at: Date | string | null;
  archived_at: Date | string | null;
  running_timers: number;
  /** The policy's facts (domain/src/interventions/policy.ts). */
  creer_par: number | null;
  technician_id: number | null;
  /** The intervention's version (0017), raised once for each one a bulk call changes. */
  version: number;
};

/**
 * Locks every intervention of `ids` that exists, whatever its state, in id order (overlapping bulk calls cannot
 * deadlock), with what each check needs: state, policy facts, the edited fields and its running timers.
 */
export async function lockMany(db: DbOrTx, ids: number[]): Promise<BulkRow[]> {
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const { rows } = await db.execute<BulkRow>(
    sql`SELECT i.id, i.statut, i.equipement_id, i.client_id, i.date::text AS date, i.urgence, i.deleted_at,
          i.archived_at, i.creer_par, i.technician_id, i.version,
          (SELECT count(*)::int FROM intervention_timer_sessions s
            WHERE s.intervention_id = i.id AND s.stopped_at IS NULL) AS running_timers
        FROM interventions i
        WHERE i.id IN (${list})
        ORDER BY i.id FOR UPDATE OF i`,
  );
  return rows;
}
