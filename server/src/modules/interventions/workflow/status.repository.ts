import type { Statut } from '@gmao/domain/interventions/status';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { fieldAssignments, type InterventionFields } from '../interventions.repository.ts';

/**
 * The timestamps a status move replaced (kept on its history row, so that its undo puts them back), as PostgreSQL's
 * text: microseconds kept, which a JS Date would round.
 */
export type StatusTimestamps = {
  startedAt: string | null;
  completedAt: string | null;
  /** Issue 31: the pause's reason the move replaced (migration 0053), put back by its undo. */
  pauseMotif?: string | null;
};

/**
 * THE write of interventions.statut (server/test/architecture.test.ts: no other SQL sets it, and only
 * applyStatusChange in status.service.ts calls this). One UPDATE sets the status, its timestamps — the first
 * EN_COURS stamps started_at, TERMINEE stamps completed_at, any other status clears it; an undo (`restore`) puts
 * back the timestamps the undone move replaced instead; `at` (a status move made offline, dated by its device) stamps
 * them instead of the clock — and, for an edit that also changes the status (PUT /:id),
 * the edited fields, and the pause's reason (issue 31: set with EN_PAUSE, cleared by any other status). Returns the
 * timestamps it replaced. The review is not touched here (issue 30: leaving TERMINEE
 * supersedes it, review.repository.ts).
 */
export async function writeStatut(
  db: DbOrTx,
  id: number,
  to: Statut,
  fields?: InterventionFields,
  restore?: StatusTimestamps,
  pauseMotif: string | null = null,
  at: Date | null = null,
): Promise<StatusTimestamps> {
  const stamp = sql`COALESCE(${at?.toISOString() ?? null}::timestamptz, clock_timestamp())`;
  const stamps = restore
    ? sql`started_at = ${restore.startedAt}::timestamptz, completed_at = ${restore.completedAt}::timestamptz,`
    : sql`started_at = CASE WHEN ${to} = 'EN_COURS' THEN COALESCE(i.started_at, ${stamp}) ELSE i.started_at END,
      completed_at = CASE WHEN ${to} = 'TERMINEE' THEN ${stamp} ELSE NULL END,`;
  const { rows } = await db.execute<{
    started_at: string | null;
    completed_at: string | null;
    pause_motif: string | null;
  }>(sql`
    UPDATE interventions i SET
      statut = ${to},
      pause_motif = ${restore ? (to === 'EN_PAUSE' ? (restore.pauseMotif ?? null) : null) : pauseMotif},
      ${stamps}
      ${fields ? sql`${fieldAssignments(fields)},` : sql``}
      updated_at = clock_timestamp()
    FROM (SELECT started_at, completed_at, pause_motif FROM interventions WHERE id = ${id}) prev
    WHERE i.id = ${id}
    RETURNING prev.started_at::text AS started_at, prev.completed_at::text AS completed_at,
      prev.pause_motif AS pause_motif`);
  const prev = rows[0];
  return {
    startedAt: prev?.started_at ?? null,
    completedAt: prev?.completed_at ?? null,
    pauseMotif: prev?.pause_motif ?? null,
  };
}
