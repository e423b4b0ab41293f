import type { SessionUser } from '@gmao/domain/auth/user';
import { type Visibility, visibilityOf } from '@gmao/domain/auth/visibility';
import type { WorkKind } from '@gmao/domain/habilitations/requirements';
import { casablancaToday } from '@gmao/domain/interventions/due-day';
import type {
  Intervention,
  InterventionCreate,
  InterventionUpdate,
  StatusCountsQuery,
} from '@gmao/domain/interventions/intervention-schemas';
import type { MaterialInput } from '@gmao/domain/interventions/material-schemas';
import { DRAFT_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { instantOfWallClock } from '@gmao/domain/interventions/planning-clock';
import { isOpen as isOpenStatut } from '@gmao/domain/interventions/predicates';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../db/database.ts';
import { seesObject } from '../../db/visibility.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { missingFor, requireHabilitations } from '../habilitations/habilitation-check.service.ts';
import { notifyInterventionCreated } from '../notifications/intervention-notifications.service.ts';
import { mayEnter, releaseReservations } from '../stock/requests/part-requests.service.ts';
import { emitInterventionEvent } from '../webhooks/webhooks.service.ts';
import { advanceVersion, factsOf, lockForAction, requireAccess, type VersionPrecondition } from './access.ts';
import { insertComment } from './activity/comments.repository.ts';
import { setTechnician } from './assignment/assignment.repository.ts';
import { assignInTx } from './assignment/assignment.service.ts';
import { attachmentKeys } from './attachments/attachments.repository.ts';
import { requireConsignation } from './consignation/consignation.service.ts';
import { claimCreationKey, creationKeyIntervention, recordCreationKey } from './creation-keys.repository.ts';
import * as repo from './interventions.repository.ts';
import { lockAnyIntervention } from './lifecycle/lifecycle.repository.ts';
import * as list from './list.repository.ts';
import { insertMaterial } from './materials/materials.repository.ts';
import { insertChecklistItems, insertDefaultChecklist } from './records/checklist.repository.ts';
import { writeSchedule } from './schedule/schedule.repository.ts';
import { findSla, onAssigned, onStatusChange, onUrgencyChange, snapshotSla } from './sla/sla.service.ts';
import { insertHistory } from './workflow/history.repository.ts';
import { applyStatusChange } from './workflow/status.service.ts';

export const CREATION_NOTE = 'Intervention créée';

/** The equipment's owner is the intervention's client; a client_id sent by the caller must agree. */
async function resolveClient(
  tx: DbOrTx,
  user: SessionUser | null,
  equipementId: number,
  clientId: number | null | undefined,
) {
  const owner = await repo.findEquipmentOwner(tx, equipementId);
  // Another section's equipment is unknown to a section-limited user (db/visibility.ts), as a missing one.
  if (owner === null || (user && !(await seesObject(tx, visibilityOf(user), 'client', owner)))) {
    throw new AppError('BUSINESS_RULE', WORKFLOW_MESSAGES.equipmentNotFound, [
      { field: 'equipement_id', msg: WORKFLOW_MESSAGES.equipmentNotFound },
    ]);
  }
  if (clientId != null && clientId !== owner) {
    throw new AppError('BUSINESS_RULE', WORKFLOW_MESSAGES.clientMismatch, [
      { field: 'client_id', msg: WORKFLOW_MESSAGES.clientMismatch },
    ]);
  }
  return owner;
}

async function mustFind(db: DbOrTx, id: number): Promise<Intervention> {
  const row = await repo.findIntervention(db, id);
  if (!row) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return row;
}

export function listInterventions(db: Db, filters: list.ListFilters, page: number, limit: number) {
  return list.listInterventions(db, filters, page, limit);
}

/** Changes since (issue 35): the filter's interventions changed after updated_since / the cursor. */
export function interventionsChangedSince(db: Db, filters: list.ListFilters, limit: number) {
  return list.interventionsChangedSince(db, filters, limit);
}

export function getStatusCounts(db: Db, query: StatusCountsQuery & { visibility?: Visibility }) {
  return list.statusCounts(db, query);
}

/** GET /:id: the intervention with its stored SLA clocks (issue 31; no recomputation on read). */
export async function getIntervention(db: Db, id: number) {
  const intervention = await mustFind(db, id);
  return { ...intervention, sla: await findSla(db, id) };
}

/** What a template brings to a new intervention (templates.service.ts); the default checklist otherwise. */
export interface CreationExtras {
  templateId?: number;
  checklist?: readonly string[];
  materials?: readonly MaterialInput[];
  note?: string;
}

export async function createIntervention(
  db: Db,
  user: SessionUser,
  input: InterventionCreate,
  extras: CreationExtras = {},
) {
  return (await createOnce(db, user, input, extras)).data;
}

/**
 * POST /interventions with an `Idempotency-Key` (issue 32: a draft made offline): the first sending creates, a later
 * one with the same key (the answer was lost, the phone sent it again) answers the intervention already created.
 */
export function createInterventionWithKey(db: Db, user: SessionUser, input: InterventionCreate, key?: string) {
  return createOnce(db, user, input, { idempotencyKey: key });
}

async function createOnce(
  db: Db,
  user: SessionUser,
  input: InterventionCreate,
  extras: CreationExtras & { idempotencyKey?: string },
): Promise<{ data: Intervention; replayed: boolean }> {
  // A new intervention has no part request: it cannot start waiting for parts (the status route's rule).
  mayEnter(null, input.statut);
  const key = extras.idempotencyKey;
  const outcome = await db.transaction(async (tx) => {
    if (key && !(await claimCreationKey(tx, user.id, key))) {
      const existing = await creationKeyIntervention(tx, user.id, key);
      if (existing === null) throw new AppError('CONFLICT', DRAFT_MESSAGES.replayed);
      return { id: existing, replayed: true };
    }
    const clientId = await resolveClient(tx, user, input.equipement_id, input.client_id);
    const created = await repo.insertIntervention(tx, {
      equipementId: input.equipement_id,
      clientId,
      date: input.date,
      description: input.description,
      urgence: input.urgence,
      statut: input.statut,
      creerPar: user.id,
      templateId: extras.templateId ?? null,
      typeTravail: input.type_travail ?? null,
    });
    // Issue 31: the SLA clocks of the covering contract, or hors contrat, in the creation's transaction.
    await snapshotSla(tx, created);
    if (input.statut !== 'PLANIFIEE') await onStatusChange(tx, created, 'PLANIFIEE', input.statut);
    // Issue 34: created already started or finished, work hors tension would skip its consignation.
    if (input.statut !== 'PLANIFIEE') await requireConsignation(tx, created, input.statut);
    await insertHistory(tx, {
      interventionId: created,
      from: null,
      to: input.statut,
      note: extras.note ?? CREATION_NOTE,
      userId: user.id,
    });
    if (extras.checklist?.length) await insertChecklistItems(tx, created, extras.checklist);
    else await insertDefaultChecklist(tx, created, input.equipement_id);
    for (const material of extras.materials ?? []) await insertMaterial(tx, created, material, user.id);
    // Assigned at creation through the assignment's own rules (a 403 rolls the creation back).
    if (input.technicianId) await assignInTx(tx, user, [created], input.technicianId, undefined, input.derogation);
    await notifyInterventionCreated(tx, user, created);
    // Issue 35: the event goes to the webhooks' outbox in the creation's transaction (after the assignment's own).
    await emitInterventionEvent(tx, 'intervention.created', created);
    if (key) await recordCreationKey(tx, user.id, key, created);
    return { id: created, replayed: false };
  });
  return { data: await mustFind(db, outcome.id), replayed: outcome.replayed };
}

/**
 * An intervention made from an accepted request (requests/request-decisions.service.ts, issue 33), inside the
 * decision's transaction.
 */
export interface RequestedIntervention {
  equipementId: number;
  description: string;
  /** When the request was filed: the contract's clocks start then. */
  requestedAt: Date;
  note: string;
}

/**
 * PLANIFIEE intervention, dated today (Casablanca), created by the user who accepted the request, with its history
 * row, default checklist and SLA clocks started at the request's time; the caller owns the transaction.
 */
export async function insertRequestedIntervention(
  tx: DbOrTx,
  user: SessionUser,
  r: RequestedIntervention,
): Promise<number> {
  const clientId = await resolveClient(tx, user, r.equipementId, null);
  const created = await repo.insertIntervention(tx, {
    equipementId: r.equipementId,
    clientId,
    date: casablancaToday(),
    description: r.description,
    urgence: false,
    statut: 'PLANIFIEE',
    creerPar: user.id,
    templateId: null,
  });
  await snapshotSla(tx, created, r.requestedAt);
  await insertHistory(tx, { interventionId: created, from: null, to: 'PLANIFIEE', note: r.note, userId: user.id });
  await insertDefaultChecklist(tx, created, r.equipementId);
  await notifyInterventionCreated(tx, user, created);
  return created;
}

/**
 * A request merged into an open intervention of the same equipment (issue 33): the intervention locked, its version
 * stepped, and the request written as a comment of the user who merged it (the caller then adds the photos). Refused
 * (422 `refusal`) unless it is open and on `equipementId`.
 */
export async function mergeIntoIntervention(
  tx: DbOrTx,
  user: SessionUser,
  m: { id: number; equipementId: number; refusal: string; comment: string },
) {
  const current = await repo.lockIntervention(tx, m.id);
  if (!current || current.equipement_id !== m.equipementId || !isOpenStatut(current.statut)) {
    throw new AppError('BUSINESS_RULE', m.refusal, [{ field: 'intervention_id', msg: m.refusal }]);
  }
  await advanceVersion(tx, current);
  await insertComment(tx, m.id, user.id, m.comment);
}

/** An intervention generated by a preventive plan (plans.service), inside the generation's transaction. */
export interface GeneratedIntervention {
  equipementId: number;
  /** The due date: the intervention's date, planned at `plannedTime` Casablanca time that day. */
  date: string;
  plannedTime: string;
  dureePrevue: number | null;
  description: string;
  urgence: boolean;
  /** The plan's author (null when that user was removed): creator, history and material lines. */
  creerPar: number | null;
  templateId: number | null;
  planId: number;
  technicianId: number | null;
  /** Issue 34: the template's kind of work (what the technician must be qualified for). */
  typeTravail: WorkKind | null;
  checklist: readonly string[];
  materials: readonly MaterialInput[];
  note: string;
}

/**
 * PLANIFIEE intervention with its history row, checklist (the template's, else the equipment type's default),
 * planned materials, planned start and assignee; the caller owns the transaction and notifies the assignee. The plan
 * checked the technician when it was saved; assigning is the plan manager's decision (plans:manage), not a session's.
 * Issue 34: a technician without the habilitations its kind of work requires on its day is not assigned (`refused`:
 * the reason, for the caller to notify the responsables).
 */
export async function insertGeneratedIntervention(
  tx: DbOrTx,
  g: GeneratedIntervention,
): Promise<{ id: number; assigned: boolean; refused: string | null }> {
  const clientId = await resolveClient(tx, null, g.equipementId, null);
  const created = await repo.insertIntervention(tx, {
    equipementId: g.equipementId,
    clientId,
    date: g.date,
    description: g.description,
    urgence: g.urgence,
    statut: 'PLANIFIEE',
    creerPar: g.creerPar,
    templateId: g.templateId,
    planId: g.planId,
    typeTravail: g.typeTravail,
  });
  await snapshotSla(tx, created);
  await writeSchedule(tx, created, instantOfWallClock(g.date, g.plannedTime), g.dureePrevue);
  let refused: string | null = null;
  if (g.technicianId !== null) {
    const missing = (await missingFor(tx, g.technicianId, [created])).get(created);
    if (missing) refused = missing[0].message;
  }
  const technicianId = refused ? null : g.technicianId;
  await insertHistory(tx, { interventionId: created, from: null, to: 'PLANIFIEE', note: g.note, userId: g.creerPar });
  if (g.checklist.length) await insertChecklistItems(tx, created, g.checklist);
  else await insertDefaultChecklist(tx, created, g.equipementId);
  for (const material of g.materials) await insertMaterial(tx, created, material, g.creerPar);
  if (technicianId !== null) {
    await setTechnician(tx, [created], technicianId);
    await onAssigned(tx, [created]);
  }
  await emitInterventionEvent(tx, 'intervention.created', created);
  if (technicianId !== null) await emitInterventionEvent(tx, 'intervention.assigned', created);
  return { id: created, assigned: technicianId !== null, refused };
}

/**
 * Field updates in one UPDATE; a status different from the current one goes through applyStatusChange (workflow
 * check, history, audit, timers), which writes the fields in the same statement.
 */
export async function updateIntervention(
  db: Db,
  user: SessionUser,
  id: number,
  input: InterventionUpdate,
  precondition?: VersionPrecondition,
) {
  await db.transaction(async (tx) => {
    const current = await lockForAction(tx, user, id, 'edit', precondition);
    const newStatut = input.statut && input.statut !== current.statut ? input.statut : null;
    if (newStatut) requireAccess(user, 'changeStatus', factsOf(current));
    const equipementId = input.equipement_id ?? current.equipement_id;
    const clientId =
      input.equipement_id !== undefined || input.client_id != null
        ? await resolveClient(tx, user, equipementId, input.client_id)
        : current.client_id;
    const fields: repo.InterventionFields = {
      equipementId,
      clientId,
      date: input.date,
      description: input.description,
      urgence: input.urgence,
      note: input.note === undefined ? undefined : input.note || null,
      typeTravail: input.type_travail,
    };
    // Issue 31: the deadlines of the (possibly new) urgency, from the creation, paused minutes kept (a no-op when equal).
    if (input.urgence !== undefined) await onUrgencyChange(tx, id, input.urgence);
    if (newStatut) {
      await applyStatusChange(tx, user, current, newStatut, input.note || null, fields, { motif: input.motif });
    } else await repo.updateFields(tx, id, fields);
    // Issue 34: a new day, equipment or kind of work must still be covered by the assignee's habilitations.
    const changesJob =
      input.date !== undefined || input.equipement_id !== undefined || input.type_travail !== undefined;
    if (current.technician_id !== null && changesJob) {
      await requireHabilitations(tx, { user, technicianId: current.technician_id, ids: [id] });
    }
  });
  return mustFind(db, id);
}

/** Deletes the intervention; returns the storage keys of its attachments, for the caller to remove the files. */
export async function deleteIntervention(
  db: Db,
  user: SessionUser,
  id: number,
  auditAction: 'intervention.delete' | 'intervention.force_delete' = 'intervention.delete',
  precondition?: VersionPrecondition,
) {
  // History, records, materials, comments, timer sessions and attachment rows go with it (ON DELETE CASCADE).
  return db.transaction(async (tx) => {
    // Lock first: an upload committing between reading the keys and deleting would leave its file behind.
    const row = await lockAnyIntervention(tx, id);
    if (!row) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
    requireAccess(user, 'forceDelete', factsOf(row));
    await advanceVersion(tx, row, precondition);
    const keys = await attachmentKeys(tx, id);
    await releaseReservations(tx, user, id);
    await repo.deleteIntervention(tx, id);
    await recordAudit(tx, {
      action: auditAction,
      entityId: id,
      summary: `Intervention #${id} supprimée définitivement (${keys.length} fichier(s) joint(s))`,
      before: row,
    });
    return keys;
  });
}
