import { ALERT_LIST_LIMIT } from '@gmao/domain/dashboard/metrics';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { inPeriod, isActive, isCompleted, isOverdue, isUrgent, visible } from './metrics-sql.ts';

/** Every figure is one SQL aggregate; rows are never loaded to be counted. */
export async function overviewCounts(db: DbOrTx, opts: { today: string; from: string }) {
  const { rows } = await db.execute<{
    total: number;
    active: number;
    period_total: number;
    period_completed: number;
    urgent: number;
    overdue: number;
    equipment: number;
    clients: number;
  }>(sql`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE ${isActive()})::int AS active,
           count(*) FILTER (WHERE ${inPeriod(opts.from, opts.today)})::int AS period_total,
           count(*) FILTER (WHERE ${inPeriod(opts.from, opts.today)} AND ${isCompleted()})::int AS period_completed,
           count(*) FILTER (WHERE ${isUrgent()})::int AS urgent,
           count(*) FILTER (WHERE ${isOverdue(opts.today)})::int AS overdue,
           (SELECT count(*) FROM equipements)::int AS equipment,
           (SELECT count(*) FROM clients)::int AS clients
    FROM interventions i
    WHERE ${visible()}`);
  return rows[0];
}

export async function alertCounts(db: DbOrTx, today: string) {
  const { rows } = await db.execute<{ urgent: number; overdue: number }>(sql`
    SELECT count(*) FILTER (WHERE ${isUrgent()})::int AS urgent,
           count(*) FILTER (WHERE ${isOverdue(today)})::int AS overdue
    FROM interventions i
    WHERE ${visible()}`);
  return rows[0];
}

export type AlertRow = {
  id: number;
  date: string;
  description: string | null;
  statut: string;
  equipement: string;
  client: string;
};

/** Urgent (most recent date first) or overdue (oldest first) interventions, at most ALERT_LIST_LIMIT. */
export async function alertList(db: DbOrTx, kind: 'urgent' | 'overdue', today: string) {
  const where = kind === 'urgent' ? isUrgent() : isOverdue(today);
  const order = kind === 'urgent' ? sql`i.date DESC, i.id DESC` : sql`i.date ASC, i.id ASC`;
  const { rows } = await db.execute<AlertRow>(sql`
    SELECT i.id, i.date, i.description, i.statut, e.nom AS equipement, c.nom_entreprise AS client
    FROM interventions i
    JOIN equipements e ON e.id = i.equipement_id
    JOIN clients c ON c.id = i.client_id
    WHERE ${visible()} AND ${where}
    ORDER BY ${order}
    LIMIT ${ALERT_LIST_LIMIT}`);
  return rows;
}

export type RecentRow = {
  id: number;
  date: string;
  description: string | null;
  statut: string;
  urgence: boolean;
  created_at: Date;
  equipement_id: number;
  equipement_nom: string;
  type_equipement: string | null;
  client_id: number;
  nom_entreprise: string;
  creer_par: number | null;
  creer_par_nom: string | null;
};

export async function recentInterventions(db: DbOrTx, limit: number) {
  const { rows } = await db.execute<RecentRow>(sql`
    SELECT i.id, i.date, i.description, i.statut, i.urgence, i.created_at,
           e.id AS equipement_id, e.nom AS equipement_nom, e.type_equipement,
           c.id AS client_id, c.nom_entreprise,
           u.id AS creer_par, u.nom AS creer_par_nom
    FROM interventions i
    JOIN equipements e ON e.id = i.equipement_id
    JOIN clients c ON c.id = i.client_id
    LEFT JOIN users u ON u.id = i.creer_par
    WHERE ${visible()}
    ORDER BY i.created_at DESC, i.id DESC
    LIMIT ${limit}`);
  return rows;
}
