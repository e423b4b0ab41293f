import type { Visibility } from '@gmao/domain/auth/visibility';
import type { WorkKind } from '@gmao/domain/habilitations/requirements';
import type { MaterialInput } from '@gmao/domain/interventions/material-schemas';
import { PLANNING_TIME_ZONE } from '@gmao/domain/interventions/schedule-schemas';
import { STATUT } from '@gmao/domain/interventions/status';
import type { PlanInput, PlanListQuery, PlanMode } from '@gmao/domain/plans/plan-schemas';
import type { SkipDate } from '@gmao/domain/plans/recurrence';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { clientVisible } from '../../db/visibility.ts';

export const iso = (d: Date | string) => new Date(d).toISOString();

export type PlanRow = {
  id: number;
  nom: string;
  template_id: number | null;
  template_nom: string | null;
  equipement_id: number | null;
  equipement_nom: string | null;
  client_id: number | null;
  nom_entreprise: string | null;
  type_equipement: string | null;
  rrule: string;
  date_debut: string;
  jours_avance: number;
  technicien_id: number | null;
  technicien_nom: string | null;
  actif: boolean;
  mode: PlanMode;
  intervalle_jours: number | null;
  seuil_heures: number | null;
  /** Mode APRES_REALISATION: the earliest next rule date over the target equipment (before a holiday move). */
  apres_prochaine: string | null;
  equipements: number;
  generated_through: string | null;
  generate_from: string | null;
  creer_par: number | null;
  createdAt: string;
  updatedAt: string;
};

/** The equipment a plan reaches: its one equipment, or every equipment of its type owned by its client. */
export const targets = (p = 'p') =>
  sql.raw(`(${p}.equipement_id IS NOT NULL AND e2.id = ${p}.equipement_id)
    OR (${p}.equipement_id IS NULL AND e2.proprietaire_id = ${p}.client_id AND e2.type_equipement = ${p}.type_equipement)`);

/** Casablanca day of the last completion (TERMINEE, not in the trash) of a plan's intervention on one equipment. */
const lastCompletionDay = (
  planId: SQL,
  equipementId: SQL,
) => sql`(SELECT max((i.completed_at AT TIME ZONE ${PLANNING_TIME_ZONE})::date)
    FROM interventions i WHERE i.plan_id = ${planId} AND i.equipement_id = ${equipementId}
      AND i.statut = ${STATUT.TERMINEE} AND i.completed_at IS NOT NULL AND i.deleted_at IS NULL)`;

/** Last rule date of a plan's calendar or after-completion occurrence on one equipment dropped without completion. */
export const lastDroppedRule = (planId: SQL, equipementId: SQL) => sql`(SELECT max(o.rule_date) FROM plan_occurrences o
    LEFT JOIN interventions i ON i.id = o.intervention_id
    WHERE o.plan_id = ${planId} AND o.equipement_id = ${equipementId} AND o.declencheur <> 'COMPTEUR'
      AND (i.id IS NULL OR i.deleted_at IS NOT NULL OR i.statut IN (${STATUT.ANNULEE}, ${STATUT.ECHEC})))`;

const SELECT = sql`SELECT p.id, p.nom, p.template_id, t.nom AS template_nom, p.equipement_id, e.nom AS equipement_nom,
    COALESCE(p.client_id, e.proprietaire_id) AS client_id, c.nom_entreprise,
    COALESCE(p.type_equipement, e.type_equipement) AS type_equipement, p.rrule, p.date_debut::text AS date_debut,
    p.jours_avance, p.technicien_id, u.nom AS technicien_nom, p.actif, p.generated_through::text AS generated_through,
    p.generate_from::text AS generate_from, p.creer_par, p.created_at, p.updated_at,
    p.mode, p.intervalle_jours, p.seuil_heures,
    CASE WHEN p.mode = 'APRES_REALISATION' THEN (
      SELECT min(GREATEST(p.date_debut, COALESCE(GREATEST(${lastCompletionDay(sql`p.id`, sql`e2.id`)},
        ${lastDroppedRule(sql`p.id`, sql`e2.id`)}) + p.intervalle_jours, p.date_debut)))::text
      FROM equipements e2 WHERE ${targets()}) END AS apres_prochaine,
    (SELECT count(*)::int FROM equipements e2 WHERE ${targets()}) AS equipements
  FROM plans p
  LEFT JOIN intervention_templates t ON t.id = p.template_id
  LEFT JOIN equipements e ON e.id = p.equipement_id
  LEFT JOIN clients c ON c.id = COALESCE(p.client_id, e.proprietaire_id)
  LEFT JOIN users u ON u.id = p.technicien_id`;

type RawPlan = Omit<PlanRow, 'createdAt' | 'updatedAt'> & { created_at: Date | string; updated_at: Date | string };
const toPlan = ({ created_at, updated_at, ...r }: RawPlan): PlanRow => ({
  ...r,
  createdAt: iso(created_at),
  updatedAt: iso(updated_at),
});

export async function listPlans(db: DbOrTx, q: PlanListQuery & { visibility?: Visibility }): Promise<PlanRow[]> {
  const parts: SQL[] = [sql`p.deleted_at IS NULL`];
  if (q.visibility) parts.push(clientVisible(q.visibility, sql`COALESCE(p.client_id, e.proprietaire_id)`));
  if (q.client_id) parts.push(sql`COALESCE(p.client_id, e.proprietaire_id) = ${q.client_id}`);
  if (q.actif !== undefined) parts.push(sql`p.actif = ${q.actif}`);
  if (q.equipement_id)
    parts.push(sql`EXISTS (SELECT 1 FROM equipements e2 WHERE e2.id = ${q.equipement_id} AND (${targets()}))`);
  const { rows } = await db.execute<RawPlan>(sql`${SELECT} WHERE ${sql.join(parts, sql` AND `)} ORDER BY p.nom, p.id`);
  return rows.map(toPlan);
}

/** A plan not deleted; `forUpdate` locks its row (edits and deletes of one plan one at a time). */
export async function findPlan(db: DbOrTx, id: number, forUpdate = false): Promise<PlanRow | null> {
  const { rows } = await db.execute<RawPlan>(
    sql`${SELECT} WHERE p.id = ${id} AND p.deleted_at IS NULL ${forUpdate ? sql`FOR UPDATE OF p` : sql``}`,
  );
  return rows[0] ? toPlan(rows[0]) : null;
}

export async function insertPlan(db: DbOrTx, input: PlanInput, userId: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`INSERT INTO plans
      (nom, template_id, equipement_id, client_id, type_equipement, rrule, date_debut, jours_avance, technicien_id, actif,
       creer_par, mode, intervalle_jours, seuil_heures)
    VALUES (${input.nom}, ${input.template_id}, ${input.equipement_id}, ${input.client_id}, ${input.type_equipement},
      ${input.rrule}, ${input.date_debut}::date, ${input.jours_avance}, ${input.technicien_id}, ${input.actif}, ${userId},
      ${input.mode}, ${input.intervalle_jours}, ${input.seuil_heures})
    RETURNING id`);
  return rows[0].id;
}

/**
 * Rewrites the plan; already generated occurrences stay (they are rows of plan_occurrences). Resuming a paused plan
 * sets generate_from to `today`: the paused period is not back-filled.
 */
export async function updatePlan(
  db: DbOrTx,
  id: number,
  input: PlanInput,
  userId: number,
  today: string,
): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(sql`UPDATE plans SET nom = ${input.nom},
      template_id = ${input.template_id}, equipement_id = ${input.equipement_id}, client_id = ${input.client_id},
      type_equipement = ${input.type_equipement}, rrule = ${input.rrule}, date_debut = ${input.date_debut}::date,
      jours_avance = ${input.jours_avance}, technicien_id = ${input.technicien_id}, actif = ${input.actif},
      mode = ${input.mode}, intervalle_jours = ${input.intervalle_jours}, seuil_heures = ${input.seuil_heures},
      generate_from = CASE WHEN NOT actif AND ${input.actif} THEN ${today}::date ELSE generate_from END,
      creer_par = ${userId}, updated_at = now()
    WHERE id = ${id} AND deleted_at IS NULL RETURNING id`);
  return rows.length > 0;
}

export async function softDeletePlan(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(
    sql`UPDATE plans SET deleted_at = now(), actif = false, updated_at = now() WHERE id = ${id} AND deleted_at IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

export type TemplateRow = {
  id: number;
  nom: string;
  description: string | null;
  type_equipement: string | null;
  urgence: boolean;
  duree_estimee: number | null;
  checklist: string[];
  materiaux: MaterialInput[];
  actif: boolean;
  /** Issue 34: the kind of work of the interventions it generates. */
  type_travail: WorkKind | null;
};

export async function findTemplate(db: DbOrTx, id: number): Promise<TemplateRow | null> {
  const { rows } = await db.execute<TemplateRow>(sql`SELECT id, nom, description, type_equipement, urgence,
      duree_estimee, checklist, materiaux, actif, type_travail FROM intervention_templates WHERE id = ${id}`);
  return rows[0] ?? null;
}

export async function findEquipment(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ id: number; type_equipement: string | null; proprietaire_id: number }>(
    sql`SELECT id, type_equipement, proprietaire_id FROM equipements WHERE id = ${id}`,
  );
  return rows[0] ?? null;
}

export async function clientExists(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM clients WHERE id = ${id}`);
  return rows.length > 0;
}

export async function technicianUsable(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM users WHERE id = ${id} AND enabled AND deleted_at IS NULL`);
  return rows.length > 0;
}

export async function skipDates(db: DbOrTx): Promise<SkipDate[]> {
  const { rows } = await db.execute<{ jour: string; annuel: boolean }>(
    sql`SELECT jour::text AS jour, annuel FROM holidays ORDER BY jour`,
  );
  return rows;
}

export type ComplianceRow = {
  plan_id: number;
  nom: string;
  client_id: number | null;
  nom_entreprise: string | null;
  due: number;
  on_time: number;
  late: number;
  missed: number;
  open: number;
};

/**
 * Per plan, the generated occurrences due in [from, to]: completed (TERMINEE, not in the trash) within the tolerance
 * after the due date (Casablanca day of completed_at) → on time, later → late; not completed → missed once the
 * tolerance has passed at `today`, open before. Deleted plans count (their history stays).
 */
export async function compliance(
  db: DbOrTx,
  q: { from: string; to: string; client_id?: number; plan_id?: number },
  today: string,
  toleranceDays: number,
): Promise<ComplianceRow[]> {
  const parts: SQL[] = [sql`o.due_date BETWEEN ${q.from}::date AND ${q.to}::date`];
  if (q.client_id) parts.push(sql`COALESCE(p.client_id, pe.proprietaire_id) = ${q.client_id}`);
  if (q.plan_id) parts.push(sql`p.id = ${q.plan_id}`);
  const done = sql`(i.statut = ${STATUT.TERMINEE} AND i.completed_at IS NOT NULL)`;
  const doneDay = sql`(i.completed_at AT TIME ZONE ${PLANNING_TIME_ZONE})::date`;
  const limit = sql`(o.due_date + ${toleranceDays}::int)`;
  const { rows } = await db.execute<ComplianceRow>(sql`
    SELECT p.id AS plan_id, p.nom, COALESCE(p.client_id, pe.proprietaire_id) AS client_id, c.nom_entreprise,
      count(*)::int AS due,
      count(*) FILTER (WHERE ${done} AND ${doneDay} <= ${limit})::int AS on_time,
      count(*) FILTER (WHERE ${done} AND ${doneDay} > ${limit})::int AS late,
      count(*) FILTER (WHERE NOT COALESCE(${done}, false) AND ${today}::date > ${limit})::int AS missed,
      count(*) FILTER (WHERE NOT COALESCE(${done}, false) AND ${today}::date <= ${limit})::int AS open
    FROM plan_occurrences o
    JOIN plans p ON p.id = o.plan_id
    LEFT JOIN equipements pe ON pe.id = p.equipement_id
    LEFT JOIN clients c ON c.id = COALESCE(p.client_id, pe.proprietaire_id)
    LEFT JOIN interventions i ON i.id = o.intervention_id AND i.deleted_at IS NULL
    WHERE ${sql.join(parts, sql` AND `)}
    GROUP BY p.id, p.nom, COALESCE(p.client_id, pe.proprietaire_id), c.nom_entreprise
    ORDER BY p.nom, p.id`);
  return rows;
}

export type HolidayRow = { id: number; jour: string; annuel: boolean; libelle: string };

export async function listHolidays(db: DbOrTx): Promise<HolidayRow[]> {
  const { rows } = await db.execute<HolidayRow>(
    sql`SELECT id, jour::text AS jour, annuel, libelle FROM holidays ORDER BY annuel DESC, jour`,
  );
  return rows;
}

/** The new row, or null when that day is already listed. */
export async function insertHoliday(db: DbOrTx, h: Omit<HolidayRow, 'id'>): Promise<HolidayRow | null> {
  const { rows } = await db.execute<HolidayRow>(sql`INSERT INTO holidays (jour, annuel, libelle)
    VALUES (${h.jour}::date, ${h.annuel}, ${h.libelle}) ON CONFLICT (jour) DO NOTHING
    RETURNING id, jour::text AS jour, annuel, libelle`);
  return rows[0] ?? null;
}

export async function deleteHoliday(db: DbOrTx, id: number): Promise<HolidayRow | null> {
  const { rows } = await db.execute<HolidayRow>(
    sql`DELETE FROM holidays WHERE id = ${id} RETURNING id, jour::text AS jour, annuel, libelle`,
  );
  return rows[0] ?? null;
}
