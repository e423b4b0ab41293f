import type { Intervention, InterventionListQuery } from '@gmao/domain/interventions/intervention-schemas';
import type { Scope } from '@gmao/domain/interventions/lifecycle-schemas';
import type { ReviewStatus } from '@gmao/domain/interventions/review-schemas';
import { OPEN_STATUTS } from '@gmao/domain/interventions/status';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { visible } from '../dashboard/metrics-sql.ts';

export type ListFilters = Omit<InterventionListQuery, 'page' | 'limit'>;

/** Rows shown everywhere: not soft-deleted nor archived — the dashboard metrics' own condition. */
const VISIBLE = visible('i');

/** The list's scope: active records (VISIBLE), the archived ones, or the trash (soft-deleted, archived or not). */
export function scopeSql(scope: Scope = 'active'): SQL {
  if (scope === 'archived') return sql`(i.archived_at IS NOT NULL AND i.deleted_at IS NULL)`;
  if (scope === 'deleted') return sql`i.deleted_at IS NOT NULL`;
  return VISIBLE;
}
const OPEN_LIST = sql.join(
  OPEN_STATUTS.map((s) => sql`${s}`),
  sql`, `,
);

export const isOpenSql = sql`i.statut IN (${OPEN_LIST})`;
export const overdueSql = (days: number) => sql`(${isOpenSql} AND i.date < CURRENT_DATE - ${days}::int)`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** WHERE clause of the list, shared by the page query, its count and the status counts. */
export function whereOf(f: Partial<ListFilters>): SQL {
  const parts: SQL[] = [scopeSql(f.scope)];
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    parts.push(
      sql`(i.description ILIKE ${like} OR e.nom ILIKE ${like} OR e.marque ILIKE ${like} OR e.modele ILIKE ${like} OR c.nom_entreprise ILIKE ${like})`,
    );
  }
  if (f.equipement_id) parts.push(sql`i.equipement_id = ${f.equipement_id}`);
  if (f.client_id) parts.push(sql`i.client_id = ${f.client_id}`);
  if (f.technician_id) parts.push(sql`i.technician_id = ${f.technician_id}`);
  if (f.statut) parts.push(sql`i.statut = ${f.statut}`);
  if (f.urgence !== undefined) parts.push(sql`i.urgence = ${f.urgence}`);
  if (f.dateFrom) parts.push(sql`i.date >= ${f.dateFrom}::date`);
  if (f.dateTo) parts.push(sql`i.date <= ${f.dateTo}::date`);
  if (f.overdue) parts.push(overdueSql(f.days ?? 30));
  if (f.review)
    parts.push(
      sql`EXISTS (SELECT 1 FROM intervention_reviews rv WHERE rv.intervention_id = i.id AND rv.review_status = ${f.review})`,
    );
  return sql.join(parts, sql` AND `);
}

const FROM = sql`FROM interventions i
  JOIN equipements e ON e.id = i.equipement_id
  JOIN clients c ON c.id = i.client_id
  LEFT JOIN users u ON u.id = i.creer_par
  LEFT JOIN users t ON t.id = i.technician_id`;

const COLUMNS = sql`i.id, i.equipement_id, i.client_id, i.technician_id, i.date, i.description, i.urgence, i.statut,
  i.note, i.started_at, i.completed_at, i.created_at, i.updated_at,
  e.nom AS e_nom, e.type_equipement, e.marque, e.modele,
  c.nom_entreprise, c.ville, c.contact_principal, c.telephone_contact,
  u.id AS u_id, u.nom AS u_nom, t.nom AS t_nom,
  (SELECT rv.review_status FROM intervention_reviews rv WHERE rv.intervention_id = i.id) AS review_status`;

type Row = {
  id: number;
  equipement_id: number;
  client_id: number;
  technician_id: number | null;
  date: string;
  description: string | null;
  urgence: boolean;
  statut: string;
  note: string | null;
  started_at: Date | string | null;
  completed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  e_nom: string;
  type_equipement: string | null;
  marque: string | null;
  modele: string | null;
  nom_entreprise: string;
  ville: string | null;
  contact_principal: string | null;
  telephone_contact: string | null;
  u_id: number | null;
  u_nom: string | null;
  t_nom: string | null;
  review_status: ReviewStatus | null;
};

/** Timestamps may arrive as Date or as PostgreSQL text depending on the driver's parsers. */
export const toIso = (d: Date | string) => new Date(d).toISOString();
const iso = (d: Date | string | null) => (d ? toIso(d) : null);

function toIntervention(r: Row): Intervention {
  return {
    id: r.id,
    equipement_id: r.equipement_id,
    client_id: r.client_id,
    technicianId: r.technician_id,
    technician: r.technician_id !== null && r.t_nom !== null ? { id: r.technician_id, nom: r.t_nom } : null,
    date: r.date,
    description: r.description,
    urgence: r.urgence,
    statut: r.statut,
    note: r.note,
    startedAt: iso(r.started_at),
    completedAt: iso(r.completed_at),
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
    equipement: {
      id: r.equipement_id,
      nom: r.e_nom,
      type_equipement: r.type_equipement,
      marque: r.marque,
      modele: r.modele,
      proprietaire: {
        id: r.client_id,
        nom_entreprise: r.nom_entreprise,
        ville: r.ville,
        contact_principal: r.contact_principal,
        telephone_contact: r.telephone_contact,
      },
    },
    creerPar: r.u_id !== null && r.u_nom !== null ? { id: r.u_id, nom: r.u_nom } : null,
    reviewStatus: r.review_status ?? null,
  };
}

/** Keyset page in list order (date DESC, id DESC) after `after`, for exports that read every row. */
export async function interventionsAfter(
  db: DbOrTx,
  f: Partial<ListFilters>,
  after: { date: string; id: number } | undefined,
  limit: number,
) {
  const where = whereOf(f);
  const keyset = after ? sql` AND (i.date, i.id) < (${after.date}::date, ${after.id})` : sql``;
  const { rows } = await db.execute<Row>(
    sql`SELECT ${COLUMNS} ${FROM} WHERE ${where}${keyset} ORDER BY i.date DESC, i.id DESC LIMIT ${limit}`,
  );
  return rows.map(toIntervention);
}

/** One page, newest first (date, then creation order), and the total of the same filter counted in SQL. */
export async function listInterventions(db: DbOrTx, f: ListFilters, page: number, limit: number) {
  const where = whereOf(f);
  const [rows, count] = await Promise.all([
    db.execute<Row>(
      sql`SELECT ${COLUMNS} ${FROM} WHERE ${where} ORDER BY i.date DESC, i.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    ),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total ${FROM} WHERE ${where}`),
  ]);
  return { rows: rows.rows.map(toIntervention), total: count.rows[0]?.total ?? 0 };
}

export async function findIntervention(db: DbOrTx, id: number): Promise<Intervention | null> {
  const { rows } = await db.execute<Row>(sql`SELECT ${COLUMNS} ${FROM} WHERE i.id = ${id} AND ${VISIBLE}`);
  return rows[0] ? toIntervention(rows[0]) : null;
}

export type LockedIntervention = {
  id: number;
  statut: string;
  equipement_id: number;
  client_id: number;
};

/** Row lock: concurrent status changes of one intervention are serialised here. */
export async function lockIntervention(db: DbOrTx, id: number): Promise<LockedIntervention | null> {
  const { rows } = await db.execute<LockedIntervention>(
    sql`SELECT i.id, i.statut, i.equipement_id, i.client_id FROM interventions i WHERE i.id = ${id} AND ${VISIBLE} FOR UPDATE`,
  );
  return rows[0] ?? null;
}

export async function findEquipmentOwner(db: DbOrTx, equipementId: number): Promise<number | null> {
  const { rows } = await db.execute<{ owner: number }>(
    sql`SELECT proprietaire_id AS owner FROM equipements WHERE id = ${equipementId} FOR SHARE`,
  );
  return rows[0]?.owner ?? null;
}

/** Sets the status with its timestamps: first EN_COURS stamps started_at; TERMINEE stamps completed_at, leaving it clears it (and the review). */
export async function setStatut(db: DbOrTx, id: number, to: string) {
  await db.execute(sql`UPDATE interventions SET
      statut = ${to},
      started_at = CASE WHEN ${to} = 'EN_COURS' THEN COALESCE(started_at, clock_timestamp()) ELSE started_at END,
      completed_at = CASE WHEN ${to} = 'TERMINEE' THEN clock_timestamp() ELSE NULL END,
      updated_at = clock_timestamp()
    WHERE id = ${id}`);
  // Leaving TERMINEE (a reopening) clears the review: the work must be submitted again once finished.
  if (to !== 'TERMINEE') await db.execute(sql`DELETE FROM intervention_reviews WHERE intervention_id = ${id}`);
}

/** clock_timestamp(), not now(): rows written after waiting on the row lock keep the lock order. */
export async function insertHistory(
  db: DbOrTx,
  row: { interventionId: number; from: string | null; to: string | null; note: string | null; userId: number },
) {
  const { rows } = await db.execute<{ id: number }>(
    sql`INSERT INTO intervention_history (intervention_id, from_statut, to_statut, note, user_id, created_at)
        VALUES (${row.interventionId}, ${row.from}, ${row.to}, ${row.note}, ${row.userId}, clock_timestamp())
        RETURNING id`,
  );
  return rows[0].id;
}
