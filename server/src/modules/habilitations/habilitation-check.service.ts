import { hasPermission, PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { type Holder, type Missing, missingHabilitations } from '@gmao/domain/habilitations/coverage';
import { HABILITATION_REQUISE } from '@gmao/domain/habilitations/habilitation-schemas';
import { effectiveDomain, requirementFor } from '@gmao/domain/habilitations/requirements';
import { HABILITATION_MESSAGES as M } from '@gmao/domain/habilitations/symbols';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getCompanyProfile } from '../settings/company.service.ts';
import {
  holderOf,
  holdersOf,
  insertDerogationNote,
  type JobFacts,
  jobFacts,
  recordDerogation,
} from './habilitations.repository.ts';

/**
 * The one habilitation check of every assignment door (issue 34): single and bulk assignment, « M'affecter », the
 * creation and the planification with a technician, the bulk edit, a reschedule or an edit of an assigned
 * intervention, and the plans' generation (which asks `missingFor` and leaves the intervention unassigned).
 */

/** Whether the company applies the standard's implications (B2V ⇒ B1V ⇒ B0); off unless set. */
export async function implicationsEnabled(db: DbOrTx): Promise<boolean> {
  return (await getCompanyProfile(db)).habilitations_implications;
}

/** What `holder` lacks for one job (its requirements, each checked against the domain its symbols belong to). */
export function missingForJob(holder: Holder, job: JobFacts, implications: boolean): Missing[] {
  const requirements = requirementFor(job.exigences ?? [], job.type_travail);
  if (requirements.length === 0) return [];
  const missing: Missing[] = [];
  for (const r of requirements) {
    // A B symbol required on an HTA transformer (its LV side) is read against the BT titles.
    const lowOnly = r.symboles.every((s) => s.symbole.startsWith('B'));
    const domain = lowOnly ? 'BT' : effectiveDomain(job.domaine_tension, [r]);
    missing.push(...missingHabilitations(holder, [r], domain, job.day, implications));
  }
  return missing;
}

/** For each intervention of `ids`, what `technicianId` lacks (absent: qualified); a derogation for him counts as held. */
export async function missingFor(tx: DbOrTx, technicianId: number, ids: readonly number[]) {
  return missingForJobs(tx, technicianId, await jobFacts(tx, ids));
}

async function missingForJobs(tx: DbOrTx, technicianId: number, jobs: readonly JobFacts[]) {
  const out = new Map<number, Missing[]>();
  const needing = jobs.filter((j) => requirementFor(j.exigences ?? [], j.type_travail).length > 0);
  if (needing.length === 0) return out;
  const holder = await holderOf(tx, technicianId);
  if (!holder) return out;
  const implications = await implicationsEnabled(tx);
  for (const job of needing) {
    if (job.derogation_technician_id === technicianId) continue;
    const m = missingForJob(holder, job, implications);
    if (m.length > 0) out.set(job.id, m);
  }
  return out;
}

export interface HabilitationGate {
  user: SessionUser;
  technicianId: number;
  /** The interventions, read as they are in the transaction (after the write: planned day, kind, equipment). */
  ids: readonly number[];
  derogation?: { motif: string } | null;
}

/**
 * Refuses (422 HABILITATION_REQUISE, with `manquantes` and the first reason as the message) an assignment whose
 * technician lacks a required symbol valid on the planned day, or a valid medical fitness when one is recorded —
 * unless a derogation is given by a holder of habilitations:override (403 otherwise): it is then recorded on each
 * intervention concerned (motif, by, when, for whom), in its history and in the audit log. Caller owns the tx.
 */
export async function requireHabilitations(tx: DbOrTx, g: HabilitationGate): Promise<void> {
  const missing = await missingFor(tx, g.technicianId, g.ids);
  if (missing.size === 0) return;
  const all = [...missing.values()].flat();
  if (!g.derogation) {
    throw new AppError('BUSINESS_RULE', M.refused(all[0].message, all.length - 1), undefined, {
      responseCode: HABILITATION_REQUISE,
      manquantes: all,
    });
  }
  if (!hasPermission(g.user, PERMISSIONS.HABILITATIONS_OVERRIDE)) {
    throw new AppError('FORBIDDEN', M.overrideForbidden);
  }
  const ids = [...missing.keys()];
  const holder = await holderOf(tx, g.technicianId);
  const who = holder?.nom ?? `#${g.technicianId}`;
  await recordDerogation(tx, ids, { motif: g.derogation.motif, by: g.user.id, technicianId: g.technicianId });
  for (const id of ids) {
    const note = M.historyDerogation(who, g.derogation.motif);
    await insertDerogationNote(tx, id, note, g.user.id);
    await recordAudit(tx, {
      action: 'intervention.habilitation_derogation',
      entityType: 'intervention',
      entityId: id,
      summary: `Intervention #${id} : ${note}`,
      after: { technicianId: g.technicianId, motif: g.derogation.motif, manquantes: missing.get(id) },
    });
  }
}

/**
 * The technician picker (GET /interventions/technicians?intervention_id=): each user rated for the intervention's
 * work on its planned day, the qualified first; unchanged when the intervention is unknown.
 */
export async function rateTechnicians<T extends { id: number }>(db: DbOrTx, interventionId: number, technicians: T[]) {
  const [job] = await jobFacts(db, [interventionId]);
  if (!job) return technicians;
  const holders = await holdersOf(
    db,
    technicians.map((t) => t.id),
  );
  const implications = await implicationsEnabled(db);
  const rated = technicians.map((t) => {
    const holder = holders.get(t.id);
    const missing = holder && job.derogation_technician_id !== t.id ? missingForJob(holder, job, implications) : [];
    return { ...t, habilitation: { ok: missing.length === 0, raison: missing[0]?.message ?? null } };
  });
  return [...rated.filter((t) => t.habilitation.ok), ...rated.filter((t) => !t.habilitation.ok)];
}

/** Every assignment among `rows` whose technician lacks what its work requires (the demo seed's own check). */
export async function refusedAssignments(db: DbOrTx, rows: readonly { id: number; technician_id: number }[]) {
  const holders = await holdersOf(db, [...new Set(rows.map((r) => r.technician_id))]);
  const implications = await implicationsEnabled(db);
  const jobs = new Map(
    (
      await jobFacts(
        db,
        rows.map((r) => r.id),
      )
    ).map((j) => [j.id, j]),
  );
  return rows.filter((r) => {
    const holder = holders.get(r.technician_id);
    const job = jobs.get(r.id);
    return holder && job && missingForJob(holder, job, implications).length > 0;
  });
}

/**
 * Whether `userId` holds one of `symbols` valid on the planned day of intervention `interventionId`, for its
 * equipment's domain (the consignation's signer rules). Returns the user's name and the answer.
 */
export async function holdsOneOf(db: DbOrTx, userId: number, interventionId: number, symbols: (d: string) => string[]) {
  const [job] = await jobFacts(db, [interventionId]);
  const holder = await holderOf(db, userId);
  if (!job || !holder) return { nom: holder?.nom ?? `#${userId}`, ok: false, symbols: [] as string[] };
  const wanted = symbols(job.domaine_tension ?? 'BT');
  const requirement = { travail: 'CONSIGNATION' as const, symboles: wanted };
  const missing = missingForJob(
    holder,
    { ...job, type_travail: 'CONSIGNATION', exigences: [requirement] },
    await implicationsEnabled(db),
  );
  return { nom: holder.nom, ok: missing.length === 0, symbols: wanted };
}
