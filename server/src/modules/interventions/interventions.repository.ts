import { COUNT_BOUND } from '@gmao/domain/common/api';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import type {
  Intervention,
  InterventionListQuery,
  StatusCounts,
  StatusCountsQuery,
} from '@gmao/domain/interventions/intervention-schemas';
import type { ReviewStatus } from '@gmao/domain/interventions/review-schemas';
import { PLANNING_TIME_ZONE } from '@gmao/domain/interventions/schedule-schemas';
import { STATUTS, type Statut } from '@gmao/domain/interventions/status';
import { type SQL, sql } from 'drizzle-orm';
import { cursorRows } from '../../db/cursor.ts';
import type { DbOrTx } from '../../db/database.ts';
import { inScope, isOverdue, isUrgent, visible } from '../../db/predicates.ts';
import { executeNamed } from '../../db/prepared.ts';
import { interventionMatches } from '../../db/text-search.ts';

export type ListFilters = Omit<InterventionListQuery, 'page' | 'limit'>;

/** Rows shown everywhere: not soft-deleted nor archived (db/predicates.ts). */
const VISIBLE = visible('i');

/**
 * A custom field holding a value, by JSONB containment (the GIN index of migration 0015): the value as typed ('true' →
 * true, '630' → 630) or as text, so that the filter needs no definition lookup.
 */
function customFieldEquals(key: string, raw: string): SQL {
  const typed: unknown =
    raw === 'true' ? true : raw === 'false' ? false : /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  const asJson = (v: unknown) => JSON.stringify({ [key]: v });
  return sql`(i.custom_fields @> ${asJson(typed)}::jsonb OR i.custom_fields @> ${asJson(raw)}::jsonb)`;
}

/** WHERE clause of the list, shared by the page query, its count, the status counts and the exports. */
export function whereOf(f: Partial<ListFilters>, today = metricsToday()): SQL {
  const parts: SQL[] = [inScope(f.scope)];
  // Description, equipment (name, brand, model, serial) or client (name, city, ICE), accents and case aside.
  if (f.search) parts.push(interventionMatches(f.search));
  if (f.equipement_id) parts.push(sql`i.equipement_id = ${f.equipement_id}`);
  if (f.client_id) parts.push(sql`i.client_id = ${f.client_id}`);
  if (f.technician_id) parts.push(sql`i.technician_id = ${f.technician_id}`);
  if (f.plan_id) parts.push(sql`i.plan_id = ${f.plan_id}`);
  if (f.statut) parts.push(sql`i.statut = ${f.statut}`);
  if (f.urgence !== undefined) parts.push(sql`i.urgence = ${f.urgence}`);
  if (f.dateFrom) parts.push(sql`i.date >= ${f.dateFrom}::date`);
  if (f.dateTo) parts.push(sql`i.date <= ${f.dateTo}::date`);
  if (f.overdue) parts.push(isOverdue(today, f.days));
  if (f.champ && f.valeur !== undefined && f.valeur !== '') parts.push(customFieldEquals(f.champ, f.valeur));
  // Casablanca days, like the planned times are shown (the partial index on planned_at serves both bounds).
  if (f.planned_from)
    parts.push(sql`i.planned_at >= (${f.planned_from}::date)::timestamp AT TIME ZONE ${PLANNING_TIME_ZONE}`);
  if (f.planned_to)
    parts.push(sql`i.planned_at < ((${f.planned_to}::date + 1)::timestamp AT TIME ZONE ${PLANNING_TIME_ZONE})`);
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
  i.note, i.started_at, i.completed_at, i.created_at, i.updated_at, i.custom_fields, i.planned_at, i.duree_prevue,
  i.version, i.plan_id,
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
  statut: Statut;
  note: string | null;
  started_at: Date | string | null;
  completed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  planned_at: Date | string | null;
  duree_prevue: number | null;
  version: number;
  plan_id: number | null;
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
  custom_fields: Record<string, string | number | boolean | null>;
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
    plannedAt: iso(r.planned_at),
    dureePrevue: r.duree_prevue,
    planId: r.plan_id,
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
    version: r.version,
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
    custom_fields: r.custom_fields ?? {},
  };
}

/** Every row of the filter in list order (date DESC, id DESC) through one cursor: the CSV export. */
export async function* interventionsCursor(db: DbOrTx, f: Partial<ListFilters>) {
  const rows = cursorRows<Row>(db, sql`SELECT ${COLUMNS} ${FROM} WHERE ${whereOf(f)} ORDER BY i.date DESC, i.id DESC`);
  for await (const r of rows) yield toIntervention(r);
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

/**
 * One page, newest first (date, then creation order), and the total of the same filter counted in SQL — counted up
 * to a bound (COUNT_BOUND rows), never a count(*) over the whole history: when the bound is reached, `capped` says
 * total is a lower bound. A page past the bound reads one row more than itself instead: it exists, so the total is
 * at least its last row, and one more row says a next page exists (its count is that lower bound, capped).
 */
export async function listInterventions(db: DbOrTx, f: ListFilters, page: number, limit: number) {
  const q = listQueries(f, page, limit);
  if (q.deep) {
    // One walk to the page instead of two (the OFFSET, then a count as far): deep pages cost half as much.
    const { rows } = await db.execute<{ ids: number[] }>(sql`SELECT ARRAY(${q.ids}) AS ids`);
    const { ids } = rows[0];
    if (ids.length > 0) {
      const capped = ids.length > limit;
      const total = q.offset + ids.length;
      return { rows: await interventionsByIds(db, ids.slice(0, limit)), total, capped };
    }
  }
  // One round trip for both (each costs the server a query of its own), then the page's rows.
  const { rows } = await db.execute<{ total: number; ids: number[] }>(
    sql`SELECT (${q.count}) AS total, ARRAY(${q.ids}) AS ids`,
  );
  const { total, ids } = rows[0];
  return {
    rows: ids.length ? await interventionsByIds(db, ids.slice(0, limit)) : [],
    total,
    capped: total >= q.bound,
  };
}

/**
 * The interventions of `ids`, in list order (date DESC, id DESC). One statement text whatever the ids (an array
 * parameter), prepared once per connection with a generic plan: planning this five-table join cost more than running
 * it for a page of rows.
 */
async function interventionsByIds(db: DbOrTx, ids: number[]): Promise<Intervention[]> {
  const { rows } = await executeNamed<Row>(
    db,
    'interventions_by_ids',
    sql`SELECT ${COLUMNS} ${FROM} WHERE i.id = ANY(${sql.param(ids)}::int[]) ORDER BY i.date DESC, i.id DESC`,
  );
  return rows.map(toIntervention);
}

/**
 * The page's ids and the bounded count of the list (server/test/intervention-list-scale.test.ts EXPLAINs them).
 * whereOf reads only the interventions row (alias i; the search and review filters are subqueries of their own), and
 * the joins of FROM keep every row (equipement_id and client_id are NOT NULL foreign keys, the users are LEFT
 * JOINed): so both read interventions alone — on the partial indexes of visible rows (migration 0029, by date or by
 * status and date) an index-only scan — and the joins run for the page's rows only (interventionsByIds). An OFFSET
 * over the joined rows joined and projected every skipped row (page 500: 10,000 of them).
 */
export function listQueries(f: ListFilters, page: number, limit: number) {
  const where = whereOf(f);
  const offset = (page - 1) * limit;
  // A page that ends past COUNT_BOUND is counted by its own walk (listInterventions): it reads one row more.
  const deep = page * limit >= COUNT_BOUND;
  const bound = Math.max(COUNT_BOUND, offset) + 1;
  return {
    deep,
    offset,
    bound,
    ids: sql`SELECT i.id FROM interventions i WHERE ${where}
      ORDER BY i.date DESC, i.id DESC LIMIT ${deep ? limit + 1 : limit} OFFSET ${offset}`,
    count: sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM interventions i WHERE ${where} LIMIT ${bound}) bounded`,
  };
}

export async function findIntervention(db: DbOrTx, id: number): Promise<Intervention | null> {
  const { rows } = await db.execute<Row>(sql`SELECT ${COLUMNS} ${FROM} WHERE i.id = ${id} AND ${VISIBLE}`);
  return rows[0] ? toIntervention(rows[0]) : null;
}

/** The intervention whatever its state (also archived or in the trash): the current state of a version conflict. */
export async function findInterventionInAnyState(db: DbOrTx, id: number): Promise<Intervention | null> {
  const { rows } = await db.execute<Row>(sql`SELECT ${COLUMNS} ${FROM} WHERE i.id = ${id}`);
  return rows[0] ? toIntervention(rows[0]) : null;
}

export type LockedIntervention = {
  id: number;
  statut: Statut;
  equipement_id: number;
  client_id: number;
  /** The policy's facts (domain/src/interventions/policy.ts). */
  creer_par: number | null;
  technician_id: number | null;
  version: number;
};

/** Row lock: concurrent status changes of one intervention are serialised here. */
export async function lockIntervention(db: DbOrTx, id: number): Promise<LockedIntervention | null> {
  const { rows } = await db.execute<LockedIntervention>(
    sql`SELECT i.id, i.statut, i.equipement_id, i.client_id, i.creer_par, i.technician_id, i.version
        FROM interventions i WHERE i.id = ${id} AND ${VISIBLE} FOR UPDATE`,
  );
  return rows[0] ?? null;
}

/**
 * One more accepted write to the intervention (its row or a sub-record): version + 1, under the row lock the caller
 * holds (access.ts advanceVersion, bulk writers). Returns the new version. updated_at is left alone: it dates the
 * row's own fields.
 */
export async function bumpVersion(db: DbOrTx, id: number): Promise<number> {
  const { rows } = await db.execute<{ version: number }>(
    sql`UPDATE interventions SET version = version + 1 WHERE id = ${id} RETURNING version`,
  );
  return rows[0].version;
}

/** bumpVersion for each of `ids` (locked by the caller, e.g. lockVisibleMany). */
export async function bumpVersions(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  await db.execute(sql`UPDATE interventions SET version = version + 1 WHERE id IN (${list})`);
}

export async function findEquipmentOwner(db: DbOrTx, equipementId: number): Promise<number | null> {
  const { rows } = await db.execute<{ owner: number }>(
    sql`SELECT proprietaire_id AS owner FROM equipements WHERE id = ${equipementId} FOR SHARE`,
  );
  return rows[0]?.owner ?? null;
}

/** The editable columns of PUT /:id (statut excepted: only workflow/status.repository.ts writes it). */
export type InterventionFields = {
  equipementId: number;
  clientId: number;
  date?: string;
  /** undefined: unchanged; null: cleared. */
  description?: string | null;
  urgence?: boolean;
  note?: string | null;
};

/** The SET list of a field update (shared with the status writer, so an edit with a status is one UPDATE). */
export function fieldAssignments(f: InterventionFields): SQL {
  return sql`equipement_id = ${f.equipementId},
    client_id = ${f.clientId},
    date = COALESCE(${f.date ?? null}::date, date),
    description = CASE WHEN ${f.description !== undefined} THEN ${f.description ?? null} ELSE description END,
    urgence = COALESCE(${f.urgence ?? null}::boolean, urgence),
    note = CASE WHEN ${f.note !== undefined} THEN ${f.note ?? null} ELSE note END`;
}

/** A field edit without a status change: one UPDATE. */
export async function updateFields(db: DbOrTx, id: number, fields: InterventionFields) {
  await db.execute(sql`UPDATE interventions SET ${fieldAssignments(fields)}, updated_at = now() WHERE id = ${id}`);
}

/** A new intervention at its first status (the workflow starts here: history row null → statut by the caller). */
export async function insertIntervention(
  db: DbOrTx,
  row: {
    equipementId: number;
    clientId: number;
    date: string;
    description: string | null;
    urgence: boolean;
    statut: Statut;
    creerPar: number | null;
    templateId?: number | null;
    planId?: number | null;
  },
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`INSERT INTO interventions (equipement_id, client_id, date, description, urgence, statut, started_at, completed_at, creer_par, template_id, plan_id)
        VALUES (${row.equipementId}, ${row.clientId}, ${row.date}::date, ${row.description}, ${row.urgence}, ${row.statut},
                CASE WHEN ${row.statut} IN ('EN_COURS', 'TERMINEE') THEN now() END,
                CASE WHEN ${row.statut} = 'TERMINEE' THEN now() END,
                ${row.creerPar}, ${row.templateId ?? null}, ${row.planId ?? null})
        RETURNING id`,
  );
  return rows[0].id;
}

export type LockedRow = {
  id: number;
  technician_id: number | null;
  statut: Statut;
  creer_par: number | null;
  version: number;
};

/** Locks the visible interventions among `ids` in id order (no deadlock between overlapping bulk calls). */
export async function lockVisibleMany(db: DbOrTx, ids: number[]): Promise<LockedRow[]> {
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const { rows } = await db.execute<LockedRow>(
    sql`SELECT i.id, i.technician_id, i.statut, i.creer_par, i.version FROM interventions i
        WHERE i.id IN (${list}) AND ${VISIBLE}
        ORDER BY i.id FOR UPDATE`,
  );
  return rows;
}

/** Counts per status (plus urgent and overdue) of the filtered list, in one SQL query. */
export async function statusCounts(db: DbOrTx, f: StatusCountsQuery, today = metricsToday()): Promise<StatusCounts> {
  const perStatut = sql.join(
    STATUTS.map((s) => sql`count(*) FILTER (WHERE i.statut = ${s})::int AS ${sql.identifier(s)}`),
    sql`, `,
  );
  const { rows } = await db.execute<Record<string, number>>(
    sql`SELECT count(*)::int AS total,
          count(*) FILTER (WHERE ${isUrgent()})::int AS urgent,
          count(*) FILTER (WHERE ${isOverdue(today, f.days)})::int AS overdue,
          ${perStatut}
        FROM interventions i
        JOIN equipements e ON e.id = i.equipement_id
        JOIN clients c ON c.id = i.client_id
        WHERE ${whereOf(f, today)}`,
  );
  const row = rows[0];
  return {
    total: row.total,
    urgent: row.urgent,
    overdue: row.overdue,
    statuts: Object.fromEntries(STATUTS.map((s) => [s, row[s] ?? 0])) as StatusCounts['statuts'],
  };
}

/** Deletes the row; its history, records, materials, comments, timers and attachment rows cascade. */
export async function deleteIntervention(db: DbOrTx, id: number) {
  await db.execute(sql`DELETE FROM interventions WHERE id = ${id}`);
}
