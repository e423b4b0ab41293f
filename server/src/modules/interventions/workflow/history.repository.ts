import type { HistoryEntry } from '@gmao/domain/interventions/intervention-schemas';
import type { Statut } from '@gmao/domain/interventions/status';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { toIso } from '../interventions.repository.ts';

type HistoryRow = {
  id: number;
  from_statut: string | null;
  to_statut: string | null;
  note: string | null;
  user_id: number | null;
  user_nom: string | null;
  created_at: Date | string;
};

/** History of one intervention, oldest first (lock order: created_at is clock_timestamp(), then id). */
export async function listHistory(db: DbOrTx, interventionId: number): Promise<HistoryEntry[]> {
  const { rows } = await db.execute<HistoryRow>(
    sql`SELECT h.id, h.from_statut, h.to_statut, h.note, h.user_id, u.nom AS user_nom, h.created_at
        FROM intervention_history h LEFT JOIN users u ON u.id = h.user_id
        WHERE h.intervention_id = ${interventionId}
        ORDER BY h.created_at, h.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    fromStatut: r.from_statut,
    toStatut: r.to_statut,
    note: r.note,
    user: r.user_id !== null && r.user_nom !== null ? { id: r.user_id, nom: r.user_nom } : null,
    createdAt: toIso(r.created_at),
  }));
}

/**
 * One history row: a status move (from → to, by applyStatusChange and at creation) or a note (from/to null).
 * clock_timestamp(), not now(): rows written after waiting on the row lock keep the lock order. `at`: a status move
 * made offline is dated when it was made (its device time, checked by the sync: never before the last move).
 */
export async function insertHistory(
  db: DbOrTx,
  row: {
    interventionId: number;
    from: Statut | null;
    to: Statut | null;
    note: string | null;
    userId: number | null;
    /** A status move: the timestamps it replaced (its undo puts them back). */
    previous?: { startedAt: string | null; completedAt: string | null; pauseMotif?: string | null };
    at?: Date | null;
  },
) {
  const { rows } = await db.execute<{ id: number }>(
    sql`INSERT INTO intervention_history (intervention_id, from_statut, to_statut, note, user_id, created_at,
          previous_started_at, previous_completed_at, previous_pause_motif)
        VALUES (${row.interventionId}, ${row.from}, ${row.to}, ${row.note}, ${row.userId},
          COALESCE(${row.at?.toISOString() ?? null}::timestamptz, clock_timestamp()),
          ${row.previous?.startedAt ?? null}::timestamptz, ${row.previous?.completedAt ?? null}::timestamptz,
          ${row.previous?.pauseMotif ?? null})
        RETURNING id`,
  );
  return rows[0].id;
}

/** A note: a history row without a status move. */
export const insertNote = (db: DbOrTx, interventionId: number, userId: number, note: string) =>
  insertHistory(db, { interventionId, from: null, to: null, note, userId });

/**
 * The intervention's last status move, with its age in seconds and the timestamps it replaced (undo of a status
 * change; those as PostgreSQL's text, microseconds kept).
 */
export async function lastStatusMove(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<{
    id: number;
    from_statut: string | null;
    to_statut: string;
    user_id: number | null;
    age: number;
    previous_started_at: string | null;
    previous_completed_at: string | null;
    previous_pause_motif: string | null;
  }>(
    sql`SELECT id, from_statut, to_statut, user_id, extract(epoch FROM clock_timestamp() - created_at)::float AS age,
               previous_started_at::text AS previous_started_at, previous_completed_at::text AS previous_completed_at,
               previous_pause_motif
        FROM intervention_history
        WHERE intervention_id = ${interventionId} AND to_statut IS NOT NULL
        ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return rows[0] ?? null;
}

/**
 * The floors of a status move made offline (epoch ms): the intervention's creation and its last recorded status
 * move (null: none).
 */
export async function offlineMoveFloors(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<{ created_at: Date | string; last_move: Date | string | null }>(
    sql`SELECT i.created_at,
               (SELECT max(h.created_at) FROM intervention_history h
                WHERE h.intervention_id = i.id AND h.to_statut IS NOT NULL) AS last_move
        FROM interventions i WHERE i.id = ${interventionId}`,
  );
  const r = rows[0];
  return {
    createdAt: r ? new Date(r.created_at).getTime() : 0,
    lastMove: r?.last_move ? new Date(r.last_move).getTime() : null,
  };
}

/** An undone status move leaves the history (issue 30: an undo writes no move of its own; the audit keeps both). */
export async function deleteHistoryRow(db: DbOrTx, historyId: number) {
  await db.execute(sql`DELETE FROM intervention_history WHERE id = ${historyId}`);
}
