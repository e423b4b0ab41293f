import type { PauseMotif } from '@gmao/domain/contracts/contract-constants';
import type { WorkKind } from '@gmao/domain/habilitations/requirements';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { wallClockOrNull } from '@gmao/domain/interventions/planning-clock';
import type { ReviewStatus } from '@gmao/domain/interventions/review-schemas';
import type { Statut } from '@gmao/domain/interventions/status';
import type { InterventionSla, SlaCible, SlaEtat } from '@gmao/domain/sla/sla-clock';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { visible } from '../../db/predicates.ts';
import { executePrepared } from '../../db/prepared.ts';

/**
 * One intervention by id, its locks, versions and field writes. The list, its filters, counts and export pages are in
 * list.repository.ts (they read the same rows: COLUMNS, FROM, toIntervention).
 */

/** Rows shown everywhere: not soft-deleted nor archived (db/predicates.ts). */
const VISIBLE = visible('i');

/**
 * An intervention row with its equipment, client and people. The two people (creator, technician) are joined
 * (JOINS: primary-key probes); the equipment, the client and the review are scalar subqueries, the equipment and the
 * client as JSON arrays (four columns each), in the order of Row.e and Row.c below. Measured at 1 M rows (pgbench,
 * the list's page-1 statement, issue 16): the two people as subqueries scanned the users table once per row each
 * (joined: +20 % statements/s, planning unchanged); joining the equipment and the client too ran faster still once
 * the plan was kept, but made PostgreSQL ~6× slower to plan the statement — and a statement is planned on each of its
 * first five runs per connection, so a little-used list (the browser tests, a quiet office) paid that every time.
 */
export const JOINS = sql`LEFT JOIN users u ON u.id = i.creer_par LEFT JOIN users t ON t.id = i.technician_id`;

export const FROM = sql`FROM interventions i ${JOINS}`;

export const COLUMNS = sql`i.id, i.equipement_id, i.client_id, i.technician_id, i.date, i.description, i.urgence, i.statut,
  i.note, i.started_at, i.completed_at, i.created_at, i.updated_at, i.custom_fields, i.planned_at, i.duree_prevue,
  i.version, i.plan_id, i.creer_par,
  (SELECT json_build_array(e.nom, e.type_equipement, e.marque, e.modele) FROM equipements e
    WHERE e.id = i.equipement_id) AS e,
  (SELECT json_build_array(c.nom_entreprise, c.ville, c.contact_principal, c.telephone_contact) FROM clients c
    WHERE c.id = i.client_id) AS c,
  u.nom AS u_nom, t.nom AS t_nom,
  (SELECT rv.review_status FROM intervention_reviews rv WHERE rv.intervention_id = i.id) AS review_status,
  i.hors_contrat, i.pause_motif,
  (SELECT json_agg(json_build_array(s.cible, s.echeance, s.etat, s.atteint_le, s.consomme_minutes) ORDER BY s.cible)
    FROM intervention_sla s WHERE s.intervention_id = i.id) AS sla_rows,
  i.type_travail,
  CASE WHEN i.derogation_motif IS NOT NULL THEN json_build_array(i.derogation_motif, i.derogation_par,
    (SELECT d.nom FROM users d WHERE d.id = i.derogation_par), i.derogation_le, i.derogation_technician_id) END AS derog`;

export type Row = {
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
  creer_par: number | null;
  /** nom, type_equipement, marque, modele */
  e: [string, string | null, string | null, string | null];
  /** nom_entreprise, ville, contact_principal, telephone_contact */
  c: [string, string | null, string | null, string | null];
  u_nom: string | null;
  t_nom: string | null;
  review_status: ReviewStatus | null;
  custom_fields: Record<string, string | number | boolean | null>;
  hors_contrat: boolean;
  pause_motif: PauseMotif | null;
  /** Issue 31: the clocks, compact (cible, echeance, etat, atteint_le, consomme_minutes), for the list's badge. */
  sla_rows: [SlaCible, string | null, SlaEtat, string | null, number][] | null;
  /** Issue 34: the kind of work; a derogation (motif, par, par_nom, le, technician_id). */
  type_travail?: WorkKind | null;
  derog?: [string, number | null, string | null, string, number | null] | null;
};

/** The list's compact SLA summary (contrat_id only on GET /:id, sla/sla.service.ts findSla). */
function slaSummary(r: Row): InterventionSla | null {
  if (r.hors_contrat) return { contrat_id: null, hors_contrat: true, cibles: [] };
  if (!r.sla_rows) return null;
  const at = (d: string | null) => (d ? new Date(d).toISOString() : null);
  return {
    contrat_id: null,
    hors_contrat: false,
    cibles: r.sla_rows.map(([cible, echeance, etat, atteint, consomme]) => ({
      cible,
      echeance: at(echeance),
      etat,
      consomme_minutes: consomme,
      atteint_le: at(atteint),
    })),
  };
}

/** Timestamps may arrive as Date or as PostgreSQL text depending on the driver's parsers. */
export const toIso = (d: Date | string) => new Date(d).toISOString();
const iso = (d: Date | string | null) => (d ? toIso(d) : null);

export function toIntervention(r: Row): Intervention {
  const [nom, type_equipement, marque, modele] = r.e;
  const [nom_entreprise, ville, contact_principal, telephone_contact] = r.c;
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
    plannedWallClock: wallClockOrNull(r.planned_at),
    dureePrevue: r.duree_prevue,
    planId: r.plan_id,
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
    version: r.version,
    equipement: {
      id: r.equipement_id,
      nom,
      type_equipement,
      marque,
      modele,
      proprietaire: { id: r.client_id, nom_entreprise, ville, contact_principal, telephone_contact },
    },
    creerPar: r.creer_par !== null && r.u_nom !== null ? { id: r.creer_par, nom: r.u_nom } : null,
    reviewStatus: r.review_status ?? null,
    custom_fields: r.custom_fields ?? {},
    sla: slaSummary(r),
    pauseMotif: r.pause_motif ?? null,
    type_travail: r.type_travail ?? null,
    derogation: r.derog
      ? {
          motif: r.derog[0],
          par: r.derog[1] !== null && r.derog[2] !== null ? { id: r.derog[1], nom: r.derog[2] } : null,
          le: toIso(r.derog[3]),
          technician_id: r.derog[4],
        }
      : null,
  };
}

export async function findIntervention(db: DbOrTx, id: number): Promise<Intervention | null> {
  const { rows } = await executePrepared<Row>(db, sql`SELECT ${COLUMNS} ${FROM} WHERE i.id = ${id} AND ${VISIBLE}`);
  return rows[0] ? toIntervention(rows[0]) : null;
}

/** The intervention whatever its state (also archived or in the trash): the current state of a version conflict. */
export async function findInterventionInAnyState(db: DbOrTx, id: number): Promise<Intervention | null> {
  const { rows } = await executePrepared<Row>(db, sql`SELECT ${COLUMNS} ${FROM} WHERE i.id = ${id}`);
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
  /** Issue 34: undefined: unchanged; null: cleared. */
  typeTravail?: WorkKind | null;
};

/** The SET list of a field update (shared with the status writer, so an edit with a status is one UPDATE). */
export function fieldAssignments(f: InterventionFields): SQL {
  return sql`equipement_id = ${f.equipementId},
    client_id = ${f.clientId},
    date = COALESCE(${f.date ?? null}::date, date),
    description = CASE WHEN ${f.description !== undefined} THEN ${f.description ?? null} ELSE description END,
    urgence = COALESCE(${f.urgence ?? null}::boolean, urgence),
    note = CASE WHEN ${f.note !== undefined} THEN ${f.note ?? null} ELSE note END,
    type_travail = CASE WHEN ${f.typeTravail !== undefined} THEN ${f.typeTravail ?? null} ELSE type_travail END`;
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
    typeTravail?: WorkKind | null;
  },
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`INSERT INTO interventions (equipement_id, client_id, date, description, urgence, statut, started_at, completed_at, creer_par, template_id, plan_id, type_travail)
        VALUES (${row.equipementId}, ${row.clientId}, ${row.date}::date, ${row.description}, ${row.urgence}, ${row.statut},
                CASE WHEN ${row.statut} IN ('EN_COURS', 'TERMINEE') THEN now() END,
                CASE WHEN ${row.statut} = 'TERMINEE' THEN now() END,
                ${row.creerPar}, ${row.templateId ?? null}, ${row.planId ?? null}, ${row.typeTravail ?? null})
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

/** Deletes the row; its history, records, materials, comments, timers and attachment rows cascade. */
export async function deleteIntervention(db: DbOrTx, id: number) {
  await db.execute(sql`DELETE FROM interventions WHERE id = ${id}`);
}
