import { metricsToday } from '@gmao/domain/dashboard/metrics';
import {
  type GenerateResult,
  PLAN_MESSAGES as M,
  PLAN_START_TIME,
  type PlanTrigger,
} from '@gmao/domain/plans/plan-schemas';
import {
  addDays,
  meterDue,
  nextAfterCompletion,
  nextWorkingDay,
  occurrences,
  skipChecker,
} from '@gmao/domain/plans/recurrence';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertGeneratedIntervention } from '../interventions/interventions.service.ts';
import {
  notifyGeneratedAssignment,
  notifyUnqualifiedGeneration,
} from '../notifications/alert-notifications.service.ts';
import { notifyPortalUsers } from '../notifications/portal-notifications.service.ts';
import { emitPlanGenerated } from '../webhooks/webhooks.service.ts';
import * as generation from './plan-generation.repository.ts';
import * as repo from './plans.repository.ts';

/**
 * Preventive plans (issue 17). Generation is idempotent and safe across instances: one transaction per plan under a
 * transaction-scoped advisory lock on the plan, and each occurrence claims its unique key (plan, equipment, rule date)
 * with INSERT … ON CONFLICT DO NOTHING in the same transaction as its intervention, so a retry, a concurrent call or
 * another server never creates an occurrence twice. Each run covers every occurrence not generated yet up to
 * today + jours_avance (catch-up after downtime). Editing a plan only changes what is not generated yet.
 */

/** Interventions created per transaction at most (a catch-up of a daily rule over many equipment commits in steps). */
export const GENERATION_BATCH = 200;

/** The later of two 'YYYY-MM-DD' days. */
export const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Where an equipment's not-yet-generated occurrences start (rule dates): after the last one generated for it; for an
 * equipment with none, the plan's start on the first run, otherwise from the day after the last run's horizon but
 * never before today (equipment added to the type later joins from today, without back-filling the past). Never
 * before the day a paused plan was resumed (generate_from).
 */
export function firstUngenerated(
  plan: Pick<repo.PlanRow, 'date_debut' | 'generated_through' | 'generate_from'>,
  lastRuleDate: string | null,
  today: string,
): string {
  const resumed = (day: string) => (plan.generate_from ? later(day, plan.generate_from) : day);
  if (lastRuleDate) return resumed(addDays(lastRuleDate, 1));
  if (!plan.generated_through) return resumed(plan.date_debut);
  const after = addDays(plan.generated_through, 1);
  return resumed(later(after < today ? after : today, plan.date_debut));
}

/** One plan's generation in one transaction, and its plan.generated event (issue 35) when it created any. */
async function generateInTx(tx: DbOrTx, id: number, tryOnly: boolean, today: string): Promise<number[] | null> {
  const created = await generateStep(tx, id, tryOnly, today);
  if (created && created.length > 0) await emitPlanGenerated(tx, id, created);
  return created;
}

/** One plan's generation step; `tryOnly`: skip when another transaction generates this plan. */
async function generateStep(tx: DbOrTx, id: number, tryOnly: boolean, today: string): Promise<number[] | null> {
  if (!(await generation.lockPlanGeneration(tx, id, tryOnly))) return null;
  const plan = await repo.findPlan(tx, id);
  if (!plan) throw new AppError('NOT_FOUND', M.notFound);
  if (!plan.actif) return [];
  const template = plan.template_id === null ? null : await repo.findTemplate(tx, plan.template_id);
  const skips = await repo.skipDates(tx);
  const horizon = addDays(today, plan.jours_avance);
  // A technician disabled or removed since the plan was saved is not assigned (the interventions stay unassigned).
  const technicianId =
    plan.technicien_id !== null && (await repo.technicianUsable(tx, plan.technicien_id)) ? plan.technicien_id : null;
  const created: number[] = [];
  const create = async (
    equipmentId: number,
    o: { rule_date: string; due_date: string },
    trigger: { declencheur: PlanTrigger; baseInterventionId?: number | null; note?: string } = {
      declencheur: 'CALENDRIER',
    },
  ) => {
    const key = { planId: id, equipementId: equipmentId, ruleDate: o.rule_date, dueDate: o.due_date, ...trigger };
    const occurrenceId = await generation.claimOccurrence(tx, key);
    if (occurrenceId === null) return;
    const generated = await insertGeneratedIntervention(tx, {
      equipementId: equipmentId,
      date: o.due_date,
      plannedTime: PLAN_START_TIME,
      dureePrevue: template?.duree_estimee ?? null,
      description: template?.description?.trim() || template?.nom || plan.nom,
      urgence: template?.urgence ?? false,
      creerPar: plan.creer_par,
      templateId: template?.id ?? null,
      planId: id,
      technicianId,
      typeTravail: template?.type_travail ?? null,
      checklist: template?.checklist ?? [],
      materials: template?.materiaux ?? [],
      note: trigger.note ?? M.historyNote(plan.nom),
    });
    const interventionId = generated.id;
    await generation.linkOccurrence(tx, occurrenceId, interventionId);
    if (generated.assigned && technicianId !== null) {
      await notifyGeneratedAssignment(tx, interventionId, technicianId, M.assignedBy);
    }
    // Issue 34: the technician lacks a habilitation its kind of work requires: created unassigned, responsables told.
    if (generated.refused) await notifyUnqualifiedGeneration(tx, interventionId, plan, generated.refused);
    await notifyPortalUsers(tx, interventionId, null); // issue 33: the client's opted-in portal users
    created.push(interventionId);
  };
  for (const equipment of await generation.targetEquipment(tx, id)) {
    // Bounded transactions: the roll-up triggers serialise intervention writers until this one commits.
    if (created.length >= GENERATION_BATCH) return created;
    if (plan.mode === 'APRES_REALISATION' && plan.intervalle_jours !== null) {
      // One open occurrence per equipment: the next one waits for this one's completion.
      if (!equipment.open_cycle) {
        const o = nextAfterCompletion(
          plan.date_debut,
          plan.intervalle_jours,
          equipment.last_completion,
          skips,
          plan.generate_from,
          equipment.last_dropped,
        );
        if (o.due_date <= horizon) await create(equipment.id, o, { declencheur: 'APRES_REALISATION' });
      }
    } else {
      const from = firstUngenerated(plan, equipment.last_rule_date, today);
      for (const o of occurrences(plan.rrule, plan.date_debut, from, horizon, skips)) {
        if (o.due_date > horizon) continue;
        if (created.length >= GENERATION_BATCH) return created;
        await create(equipment.id, o);
      }
    }
    // Meter trigger: once per completion (the key), and not while a meter occurrence is still open.
    if (
      plan.seuil_heures !== null &&
      !equipment.open_meter &&
      meterDue(equipment.base_heures, equipment.heures, plan.seuil_heures)
    ) {
      const due = nextWorkingDay(later(today, plan.date_debut), skipChecker(skips));
      const hours = (equipment.heures ?? 0) - (equipment.base_heures ?? 0);
      await create(
        equipment.id,
        { rule_date: today, due_date: due },
        {
          declencheur: 'COMPTEUR',
          baseInterventionId: equipment.last_completed_id,
          note: M.historyNoteMeter(plan.nom, hours),
        },
      );
    }
  }
  // Only a complete run records its horizon (equipment without occurrences yet start from it next time).
  await generation.setGeneratedThrough(tx, id, horizon);
  return created;
}

/** Runs of one plan until one creates less than a batch (a long catch-up commits every GENERATION_BATCH). */
async function generateUntilDone(db: Db, id: number, tryOnly: boolean, today: string): Promise<number[]> {
  const all: number[] = [];
  for (;;) {
    const ids = await db.transaction((tx) => generateInTx(tx, id, tryOnly, today));
    if (ids === null) return all;
    all.push(...ids);
    if (ids.length < GENERATION_BATCH) return all;
  }
}

/** POST /plans/{id}/generate: waits for a generation of the same plan in progress, then creates what is missing. */
export async function generatePlan(db: Db, id: number, today = metricsToday()): Promise<GenerateResult> {
  const ids = await generateUntilDone(db, id, false, today);
  return { created: ids.length, intervention_ids: ids };
}

/**
 * The periodic run of every instance: each active plan in its own transaction, skipped when another instance holds
 * it (that one generates it). A failing plan does not stop the others; it is retried at the next run.
 */
export async function generateAllPlans(
  db: Db,
  today = metricsToday(),
  onError: (planId: number, err: unknown) => void = () => {},
): Promise<number> {
  let total = 0;
  for (const id of await generation.activePlanIds(db)) {
    try {
      total += (await generateUntilDone(db, id, true, today)).length;
    } catch (err) {
      onError(id, err);
    }
  }
  return total;
}
