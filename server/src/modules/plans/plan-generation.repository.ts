import { PLANNING_TIME_ZONE } from '@gmao/domain/interventions/schedule-schemas';
import { STATUT } from '@gmao/domain/interventions/status';
import type { PlanTrigger } from '@gmao/domain/plans/plan-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { iso, lastDroppedRule, targets } from './plans.repository.ts';

/**
 * Plan generation (plan-generation.service.ts): the active plans, the per-plan lock, each plan's target equipment and
 * their next due dates, the occurrences claimed and linked to their interventions.
 */

/** The advisory-lock class of plan generation (second key: the plan id). */
const LOCK_CLASS = sql`hashtext('gmao_plan_generation')`;

export async function activePlanIds(db: DbOrTx): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT id FROM plans WHERE actif AND deleted_at IS NULL ORDER BY id`,
  );
  return rows.map((r) => r.id);
}

/** Serialises the generations of one plan (transaction-scoped): waits, or with `tryOnly` says whether it got it. */
export async function lockPlanGeneration(tx: DbOrTx, id: number, tryOnly: boolean): Promise<boolean> {
  if (!tryOnly) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, ${id})`);
    return true;
  }
  const { rows } = await tx.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${LOCK_CLASS}, ${id}) AS ok`);
  return rows[0]?.ok === true;
}

export type TargetRow = {
  id: number;
  nom: string;
  /** Last rule date of a calendar or after-completion occurrence generated for it. */
  last_rule_date: string | null;
  /** Its last completion of this plan's intervention: the Casablanca day and the intervention's id. */
  last_completion: string | null;
  last_completed_id: number | null;
  /** Last rule date of a calendar or after-completion occurrence dropped without completion (its intervention
   * cancelled, failed or deleted). */
  last_dropped: string | null;
  /** A calendar or after-completion occurrence whose intervention is not closed (terminée, annulée, échec) nor deleted. */
  open_cycle: boolean;
  /** The same for a meter occurrence. */
  open_meter: boolean;
  /** Running hours at the last completion (or at the plan's start): the last reading taken by then (see atBaseline),
   * else the first one after; null without readings. */
  base_heures: number | null;
  /** Highest reading. */
  heures: number | null;
};

const openOccurrence = (kind: SQL) => sql`EXISTS (SELECT 1 FROM plan_occurrences o
    JOIN interventions i ON i.id = o.intervention_id AND i.deleted_at IS NULL
    WHERE o.plan_id = p.id AND o.equipement_id = e2.id AND ${kind}
      AND i.statut NOT IN (${STATUT.TERMINEE}, ${STATUT.ANNULEE}, ${STATUT.ECHEC}))`;

/**
 * A reading taken by the baseline of the meter trigger: before the day of the last completion, or that day and entered
 * before the completion; without completion, on or before the plan's start.
 */
const atBaseline = sql`(CASE WHEN lc.id IS NULL THEN r.date <= p.date_debut
    ELSE r.date < lc.day OR (r.date = lc.day AND r.created_at <= lc.completed_at) END)`;

/** Each target equipment with what the generation needs to know about it (see TargetRow). */
export async function targetEquipment(db: DbOrTx, planId: number): Promise<TargetRow[]> {
  const { rows } = await db.execute<TargetRow>(sql`
    SELECT e2.id, e2.nom,
      (SELECT max(o.rule_date)::text FROM plan_occurrences o
        WHERE o.plan_id = p.id AND o.equipement_id = e2.id AND o.declencheur <> 'COMPTEUR') AS last_rule_date,
      lc.day::text AS last_completion, lc.id AS last_completed_id,
      ${lastDroppedRule(sql`p.id`, sql`e2.id`)}::text AS last_dropped,
      ${openOccurrence(sql`o.declencheur <> 'COMPTEUR'`)} AS open_cycle,
      ${openOccurrence(sql`o.declencheur = 'COMPTEUR'`)} AS open_meter,
      CASE WHEN p.seuil_heures IS NOT NULL THEN COALESCE(
        (SELECT r.valeur FROM compteur_releves r WHERE r.equipement_id = e2.id AND ${atBaseline} ORDER BY r.date DESC, r.id DESC LIMIT 1),
        (SELECT r.valeur FROM compteur_releves r WHERE r.equipement_id = e2.id AND NOT ${atBaseline} ORDER BY r.date, r.id LIMIT 1))
      END AS base_heures,
      CASE WHEN p.seuil_heures IS NOT NULL THEN
        (SELECT max(r.valeur) FROM compteur_releves r WHERE r.equipement_id = e2.id) END AS heures
    FROM plans p JOIN equipements e2 ON ${targets()}
    LEFT JOIN LATERAL (
      SELECT i.id, i.completed_at, (i.completed_at AT TIME ZONE ${PLANNING_TIME_ZONE})::date AS day FROM interventions i
      WHERE i.plan_id = p.id AND i.equipement_id = e2.id AND i.statut = ${STATUT.TERMINEE}
        AND i.completed_at IS NOT NULL AND i.deleted_at IS NULL
      ORDER BY i.completed_at DESC, i.id DESC LIMIT 1) lc ON true
    WHERE p.id = ${planId} ORDER BY e2.id`);
  return rows;
}

/** The idempotency key: a new row (its id) or null when this occurrence was generated already. */
export async function claimOccurrence(
  tx: DbOrTx,
  o: {
    planId: number;
    equipementId: number;
    ruleDate: string;
    dueDate: string;
    declencheur?: PlanTrigger;
    /** Meter occurrences: the completed intervention their hours count from (null: the plan's start). */
    baseInterventionId?: number | null;
  },
): Promise<number | null> {
  const declencheur = o.declencheur ?? 'CALENDRIER';
  const conflict =
    declencheur === 'COMPTEUR'
      ? sql`(plan_id, equipement_id, (COALESCE(base_intervention_id, 0))) WHERE declencheur = 'COMPTEUR'`
      : sql`(plan_id, equipement_id, rule_date) WHERE declencheur <> 'COMPTEUR'`;
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO plan_occurrences (plan_id, equipement_id, rule_date, due_date, declencheur, base_intervention_id)
    VALUES (${o.planId}, ${o.equipementId}, ${o.ruleDate}::date, ${o.dueDate}::date, ${declencheur},
      ${o.baseInterventionId ?? null})
    ON CONFLICT ${conflict} DO NOTHING RETURNING id`);
  return rows[0]?.id ?? null;
}

export async function linkOccurrence(tx: DbOrTx, occurrenceId: number, interventionId: number) {
  await tx.execute(sql`UPDATE plan_occurrences SET intervention_id = ${interventionId} WHERE id = ${occurrenceId}`);
}

export async function setGeneratedThrough(tx: DbOrTx, id: number, through: string) {
  await tx.execute(
    sql`UPDATE plans SET generated_through = GREATEST(generated_through, ${through}::date) WHERE id = ${id}`,
  );
}

export type GeneratedOccurrenceRow = {
  equipement_id: number;
  equipement_nom: string;
  rule_date: string;
  due_date: string;
  intervention_id: number | null;
  statut: string | null;
  completed_at: Date | string | null;
  declencheur: PlanTrigger;
};

/** Generated occurrences of a plan whose due date is in [from, to] (statut null: the intervention was deleted). */
export async function generatedOccurrences(db: DbOrTx, planId: number, from: string, to: string) {
  const { rows } = await db.execute<GeneratedOccurrenceRow>(sql`
    SELECT o.equipement_id, e.nom AS equipement_nom, o.rule_date::text AS rule_date, o.due_date::text AS due_date,
      i.id AS intervention_id, i.statut, i.completed_at, o.declencheur
    FROM plan_occurrences o
    JOIN equipements e ON e.id = o.equipement_id
    LEFT JOIN interventions i ON i.id = o.intervention_id AND i.deleted_at IS NULL
    WHERE o.plan_id = ${planId} AND o.due_date BETWEEN ${from}::date AND ${to}::date
    ORDER BY o.due_date, o.equipement_id`);
  return rows.map((r) => ({ ...r, completed_at: r.completed_at === null ? null : iso(r.completed_at) }));
}
