import type { Statut } from '@gmao/domain/interventions/status';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { fieldAssignments, type InterventionFields } from '../interventions.repository.ts';

/**
 * THE write of interventions.statut (server/test/architecture.test.ts: no other SQL sets it, and only
 * applyStatusChange in status.service.ts calls this). One UPDATE sets the status, its timestamps — the first
 * EN_COURS stamps started_at, TERMINEE stamps completed_at, any other status clears it — and, for an edit that also
 * changes the status (PUT /:id), the edited fields. Leaving TERMINEE (a reopening) deletes the review: the work must
 * be submitted again once finished.
 */
export async function writeStatut(db: DbOrTx, id: number, to: Statut, fields?: InterventionFields) {
  await db.execute(sql`UPDATE interventions SET
      statut = ${to},
      started_at = CASE WHEN ${to} = 'EN_COURS' THEN COALESCE(started_at, clock_timestamp()) ELSE started_at END,
      completed_at = CASE WHEN ${to} = 'TERMINEE' THEN clock_timestamp() ELSE NULL END,
      ${fields ? sql`${fieldAssignments(fields)},` : sql``}
      updated_at = clock_timestamp()
    WHERE id = ${id}`);
  if (to !== 'TERMINEE') await db.execute(sql`DELETE FROM intervention_reviews WHERE intervention_id = ${id}`);
}
