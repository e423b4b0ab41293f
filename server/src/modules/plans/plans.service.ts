import type { SessionUser } from '@gmao/domain/auth/user';
import type { Visibility } from '@gmao/domain/auth/visibility';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import type { Statut } from '@gmao/domain/interventions/status';
import {
  COMPLIANCE_CSV_COLUMNS,
  COMPLIANCE_CSV_TOTAL,
  COMPLIANCE_TOLERANCE_DAYS,
  type Compliance,
  type ComplianceQuery,
  HOLIDAY_ANNUAL_YEAR,
  type Holiday,
  type HolidayInput,
  PLAN_MESSAGES as M,
  type OccurrencesQuery,
  onTimePct,
  type Plan,
  type PlanInput,
  type PlanListQuery,
  type PlanOccurrence,
} from '@gmao/domain/plans/plan-schemas';
import {
  addDays,
  nextAfterCompletion,
  nextWorkingDay,
  occurrences,
  type SkipDate,
  skipChecker,
} from '@gmao/domain/plans/recurrence';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvFileStream } from '../../lib/csv.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as generation from './plan-generation.repository.ts';
import { firstUngenerated, later } from './plan-generation.service.ts';
import * as repo from './plans.repository.ts';

/** Preventive plans (issue 17): plans, occurrences, compliance, holidays. Generation: plan-generation.service.ts. */

function nextDue(row: repo.PlanRow, skips: SkipDate[], today: string): string | null {
  if (row.mode === 'APRES_REALISATION') {
    return row.apres_prochaine === null ? null : nextWorkingDay(row.apres_prochaine, skipChecker(skips));
  }
  const horizon = addDays(today, 3 * 366);
  return (
    occurrences(row.rrule, row.date_debut, addDays(today, -14), horizon, skips).find((o) => o.due_date >= today)
      ?.due_date ?? null
  );
}

function toPlan(row: repo.PlanRow, skips: SkipDate[], today: string): Plan {
  const { creer_par: _creerPar, generate_from: _generateFrom, apres_prochaine: _next, ...plan } = row;
  return { ...plan, prochaine_echeance: nextDue(row, skips, today) };
}

export async function listPlans(db: Db, q: PlanListQuery & { visibility?: Visibility }): Promise<Plan[]> {
  const [rows, skips] = await Promise.all([repo.listPlans(db, q), repo.skipDates(db)]);
  const today = metricsToday();
  return rows.map((r) => toPlan(r, skips, today));
}

async function mustFind(db: DbOrTx, id: number): Promise<repo.PlanRow> {
  const row = await repo.findPlan(db, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

export async function getPlan(db: Db, id: number): Promise<Plan> {
  const [row, skips] = await Promise.all([mustFind(db, id), repo.skipDates(db)]);
  return toPlan(row, skips, metricsToday());
}

const fieldError = (field: string, msg: string, kind: 'BAD_REQUEST' | 'BUSINESS_RULE' = 'BAD_REQUEST') =>
  new AppError(kind, msg, [{ field, msg }]);

/**
 * The template, target and technician must exist (and the template fit the equipment type). A deactivated template
 * is refused unless the plan already uses it (`currentTemplateId`).
 */
async function checkReferences(tx: DbOrTx, input: PlanInput, currentTemplateId: number | null = null) {
  const template = await repo.findTemplate(tx, input.template_id);
  if (!template) throw fieldError('template_id', M.templateNotFound);
  if (!template.actif && template.id !== currentTemplateId) {
    throw fieldError('template_id', M.templateInactive, 'BUSINESS_RULE');
  }
  let type = input.type_equipement;
  if (input.equipement_id !== null) {
    const equipment = await repo.findEquipment(tx, input.equipement_id);
    if (!equipment) throw fieldError('equipement_id', M.equipmentNotFound);
    type = (equipment.type_equipement ?? 'AUTRE') as typeof type;
  } else if (input.client_id !== null && !(await repo.clientExists(tx, input.client_id))) {
    throw fieldError('client_id', M.clientNotFound);
  }
  if (template.type_equipement && type && template.type_equipement !== type) {
    throw fieldError('template_id', M.wrongType(template.type_equipement, type), 'BUSINESS_RULE');
  }
  if (input.technicien_id !== null && !(await repo.technicianUsable(tx, input.technicien_id))) {
    throw fieldError('technicien_id', M.technicianNotFound);
  }
}

export async function createPlan(db: Db, user: SessionUser, input: PlanInput): Promise<Plan> {
  const id = await db.transaction(async (tx) => {
    await checkReferences(tx, input);
    const planId = await repo.insertPlan(tx, input, user.id);
    await recordAudit(tx, {
      action: 'plan.create',
      entityId: planId,
      summary: `Plan de maintenance « ${input.nom} » créé`,
      after: input,
    });
    return planId;
  });
  return getPlan(db, id);
}

/** Future occurrences follow the new rule, target, template or technician; generated ones stay as they are. */
export async function updatePlan(db: Db, user: SessionUser, id: number, input: PlanInput): Promise<Plan> {
  await db.transaction(async (tx) => {
    const current = await repo.findPlan(tx, id, true);
    if (!current) throw new AppError('NOT_FOUND', M.notFound);
    await checkReferences(tx, input, current.template_id);
    await repo.updatePlan(tx, id, input, user.id, metricsToday());
    await recordAudit(tx, {
      action: 'plan.update',
      entityId: id,
      summary: `Plan de maintenance « ${input.nom} » modifié`,
      before: auditable(current),
      after: input,
    });
  });
  return getPlan(db, id);
}

const auditable = (p: repo.PlanRow) => ({
  nom: p.nom,
  template_id: p.template_id,
  equipement_id: p.equipement_id,
  client_id: p.equipement_id === null ? p.client_id : null,
  type_equipement: p.equipement_id === null ? p.type_equipement : null,
  rrule: p.rrule,
  date_debut: p.date_debut,
  jours_avance: p.jours_avance,
  technicien_id: p.technicien_id,
  actif: p.actif,
  mode: p.mode,
  intervalle_jours: p.intervalle_jours,
  seuil_heures: p.seuil_heures,
});

/** Soft delete: the plan stops generating and disappears; its interventions keep plan_id and count in compliance. */
export async function deletePlan(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repo.findPlan(tx, id, true);
    if (!current || !(await repo.softDeletePlan(tx, id))) throw new AppError('NOT_FOUND', M.notFound);
    await recordAudit(tx, {
      action: 'plan.delete',
      entityId: id,
      summary: `Plan de maintenance « ${current.nom} » supprimé`,
      before: auditable(current),
    });
  });
}

/** Generated occurrences (with their intervention) and, for an active plan, the virtual ones still to generate. */
export async function listOccurrences(db: Db, id: number, q: OccurrencesQuery): Promise<PlanOccurrence[]> {
  const plan = await mustFind(db, id);
  const today = metricsToday();
  const [generated, targets, skips] = await Promise.all([
    generation.generatedOccurrences(db, id, q.from, q.to),
    generation.targetEquipment(db, id),
    repo.skipDates(db),
  ]);
  const out: PlanOccurrence[] = generated.map((g) => ({
    equipement_id: g.equipement_id,
    equipement_nom: g.equipement_nom,
    rule_date: g.rule_date,
    due_date: g.due_date,
    generated: true,
    intervention_id: g.intervention_id,
    statut: g.statut as Statut | null,
    completedAt: g.completed_at,
    declencheur: g.declencheur,
  }));
  if (plan.actif && plan.mode === 'APRES_REALISATION' && plan.intervalle_jours !== null) {
    for (const e of targets) {
      if (e.open_cycle) continue;
      const o = nextAfterCompletion(
        plan.date_debut,
        plan.intervalle_jours,
        e.last_completion,
        skips,
        plan.generate_from,
        e.last_dropped,
      );
      if (o.due_date < q.from || o.due_date > q.to) continue;
      if (generated.some((g) => g.equipement_id === e.id && g.rule_date === o.rule_date)) continue;
      out.push({
        equipement_id: e.id,
        equipement_nom: e.nom,
        ...o,
        generated: false,
        intervention_id: null,
        statut: null,
        completedAt: null,
        declencheur: 'APRES_REALISATION',
      });
    }
  } else if (plan.actif) {
    for (const e of targets) {
      const from = firstUngenerated(plan, e.last_rule_date, today);
      const lower = addDays(q.from, -14); // a rule date a few days earlier may move into the period
      for (const o of occurrences(plan.rrule, plan.date_debut, later(from, lower), q.to, skips)) {
        if (o.due_date < q.from || o.due_date > q.to) continue;
        out.push({
          equipement_id: e.id,
          equipement_nom: e.nom,
          rule_date: o.rule_date,
          due_date: o.due_date,
          generated: false,
          intervention_id: null,
          statut: null,
          completedAt: null,
          declencheur: 'CALENDRIER',
        });
      }
    }
  }
  return out.sort((a, b) => a.due_date.localeCompare(b.due_date) || a.equipement_id - b.equipement_id);
}

export async function getCompliance(db: Db, q: ComplianceQuery, today = metricsToday()): Promise<Compliance> {
  const rows = await repo.compliance(db, q, today, COMPLIANCE_TOLERANCE_DAYS);
  const sum = (k: 'due' | 'on_time' | 'late' | 'missed' | 'open') => rows.reduce((n, r) => n + r[k], 0);
  const [due, on_time, late, missed, open] = [sum('due'), sum('on_time'), sum('late'), sum('missed'), sum('open')];
  return {
    from: q.from,
    to: q.to,
    tolerance_days: COMPLIANCE_TOLERANCE_DAYS,
    total: { due, on_time, late, missed, open, on_time_pct: onTimePct(on_time, late, missed) },
    plans: rows.map((r) => ({ ...r, on_time_pct: onTimePct(r.on_time, r.late, r.missed) })),
  };
}

/** GET /plans/compliance.csv: the compliance of the period, one line per plan then the total (Excel fr-FR). */
export async function complianceCsvStream(db: Db, q: ComplianceQuery) {
  const c = await getCompliance(db, q);
  const line = (plan: string, client: string, n: Compliance['total']) => ({
    plan,
    client,
    due: n.due,
    on_time: n.on_time,
    late: n.late,
    missed: n.missed,
    open: n.open,
    on_time_pct: n.on_time_pct ?? '',
  });
  const records = [
    ...c.plans.map((p) => line(p.nom, p.nom_entreprise ?? '', p)),
    line(COMPLIANCE_CSV_TOTAL, '', c.total),
  ];
  return csvFileStream(
    COMPLIANCE_CSV_COLUMNS,
    (async function* () {
      yield* records;
    })(),
  );
}

export async function listHolidays(db: Db): Promise<Holiday[]> {
  return repo.listHolidays(db);
}

/** A yearly skip date is stored in HOLIDAY_ANNUAL_YEAR (only its month and day count). */
export async function createHoliday(db: Db, input: HolidayInput): Promise<Holiday> {
  const jour = input.annuel ? `${HOLIDAY_ANNUAL_YEAR}${input.jour.slice(4)}` : input.jour;
  return db.transaction(async (tx) => {
    const row = await repo.insertHoliday(tx, { jour, annuel: input.annuel, libelle: input.libelle });
    if (!row) throw new AppError('CONFLICT', M.holidayTaken, [{ field: 'jour', msg: M.holidayTaken }]);
    await recordAudit(tx, {
      action: 'holiday.create',
      entityId: row.id,
      summary: `${row.libelle} (${row.jour})`,
      after: row,
    });
    return row;
  });
}

export async function deleteHoliday(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.deleteHoliday(tx, id);
    if (!row) throw new AppError('NOT_FOUND', M.holidayNotFound);
    await recordAudit(tx, {
      action: 'holiday.delete',
      entityId: id,
      summary: `${row.libelle} (${row.jour})`,
      before: row,
    });
  });
}
