import type { HistoryEntry, StatusCounts, StatusCountsQuery } from '@gmao/domain/interventions/intervention-schemas';
import { STATUTS } from '@gmao/domain/interventions/status';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { isOpenSql, overdueSql, toIso, whereOf } from './interventions.repository.ts';

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

/** Counts per status (plus urgent-open and overdue) of the filtered list, in one SQL query. */
export async function statusCounts(db: DbOrTx, f: StatusCountsQuery): Promise<StatusCounts> {
  const perStatut = sql.join(
    STATUTS.map((s) => sql`count(*) FILTER (WHERE i.statut = ${s})::int AS ${sql.identifier(s)}`),
    sql`, `,
  );
  const { rows } = await db.execute<Record<string, number>>(
    sql`SELECT count(*)::int AS total,
          count(*) FILTER (WHERE i.urgence AND ${isOpenSql})::int AS urgent,
          count(*) FILTER (WHERE ${overdueSql(f.days)})::int AS overdue,
          ${perStatut}
        FROM interventions i
        JOIN equipements e ON e.id = i.equipement_id
        JOIN clients c ON c.id = i.client_id
        WHERE ${whereOf(f)}`,
  );
  const row = rows[0];
  return {
    total: row.total,
    urgent: row.urgent,
    overdue: row.overdue,
    statuts: Object.fromEntries(STATUTS.map((s) => [s, row[s] ?? 0])),
  };
}
