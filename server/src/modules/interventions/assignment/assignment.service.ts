import type { SessionUser } from '@gmao/domain/auth/user';
import type { BulkAssignInput } from '@gmao/domain/interventions/assignment-schemas';
import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { rateTechnicians, requireHabilitations } from '../../habilitations/habilitation-check.service.ts';
import { notifyAssignmentChanged } from '../../notifications/intervention-notifications.service.ts';
import { emitInterventionEvent } from '../../webhooks/webhooks.service.ts';
import { advanceVersion, factsOf, requireAccess, type VersionPrecondition } from '../access.ts';
import { bumpVersions, findIntervention, lockVisibleMany } from '../interventions.repository.ts';
import { onAssigned } from '../sla/sla.service.ts';
import { insertHistory } from '../workflow/history.repository.ts';
import { findAssignableUser, listTechnicians, setTechnician, userName } from './assignment.repository.ts';

/** A forced assignment's justification (habilitations:override, issue 34). */
export type Derogation = { motif: string } | null | undefined;

async function mustAssignable(tx: DbOrTx, technicianId: number) {
  const technician = await findAssignableUser(tx, technicianId);
  if (!technician) {
    throw new AppError('BUSINESS_RULE', ASSIGNMENT_MESSAGES.technicianNotFound, [
      { field: 'technicianId', msg: ASSIGNMENT_MESSAGES.technicianNotFound },
    ]);
  }
  return technician;
}

/**
 * Assigns `technicianId` to every intervention of `ids` (all must exist), with one history note per intervention
 * whose assignee changes; the caller owns the transaction. Changing an assignee needs interventions:assign, except
 * taking for oneself an intervention nobody holds ('takeOver'); all-or-nothing. `version`: the single assignment's
 * version step (PUT /:id/assign), taken after the access checks; absent when the caller takes it (a planification)
 * or raises the versions itself (bulk). The technician must hold the habilitations each intervention's kind of work
 * requires on its planned day (issue 34, habilitation-check.service.ts), unless `derogation` is given by a holder of
 * habilitations:override. Returns the ids whose assignee changed.
 */
export async function assignInTx(
  tx: DbOrTx,
  user: SessionUser,
  ids: number[],
  technicianId: number,
  version?: VersionPrecondition,
  derogation?: Derogation,
): Promise<number[]> {
  const locked = await lockVisibleMany(tx, ids);
  if (locked.length !== ids.length) {
    const found = new Set(locked.map((r) => r.id));
    const missing = ids.filter((i) => !found.has(i));
    if (ids.length === 1) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
    throw new AppError('NOT_FOUND', ASSIGNMENT_MESSAGES.interventionsNotFound(missing));
  }
  const changing = locked.filter((r) => r.technician_id !== technicianId);
  for (const r of changing) {
    const selfTake = technicianId === user.id && r.technician_id === null;
    requireAccess(user, selfTake ? 'takeOver' : 'assign', factsOf(r));
  }
  if (version && locked.length === 1) await advanceVersion(tx, locked[0], version);
  const technician = await mustAssignable(tx, technicianId);
  const changed = changing.map((r) => r.id);
  if (changed.length === 0) return changed;
  await requireHabilitations(tx, { user, technicianId, ids: changed, derogation });
  await setTechnician(tx, changed, technicianId);
  // Issue 31: the first assignment is the prise en compte.
  await onAssigned(tx, changed);
  for (const r of changing) {
    const note = ASSIGNMENT_MESSAGES.historyAssigned(technician.nom);
    await insertHistory(tx, { interventionId: r.id, from: null, to: null, note, userId: user.id });
    await notifyAssignmentChanged(tx, user, r.id, r.technician_id, technicianId);
    await emitInterventionEvent(tx, 'intervention.assigned', r.id, { technicien_precedent_id: r.technician_id });
  }
  return changed;
}

async function mustFind(db: DbOrTx, id: number) {
  const row = await findIntervention(db, id);
  if (!row) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return row;
}

export async function assign(
  db: Db,
  user: SessionUser,
  id: number,
  technicianId: number,
  precondition: VersionPrecondition = {},
  derogation?: Derogation,
) {
  await db.transaction((tx) => assignInTx(tx, user, [id], technicianId, precondition, derogation));
  return mustFind(db, id);
}

/**
 * Removes the assignee (history note when there was one); the caller owns the transaction. `version` as in
 * assignInTx.
 */
export async function unassignInTx(tx: DbOrTx, user: SessionUser, id: number, version?: VersionPrecondition) {
  const [row] = await lockVisibleMany(tx, [id]);
  if (!row) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  if (row.technician_id !== null) requireAccess(user, 'assign', factsOf(row));
  if (version) await advanceVersion(tx, row, version);
  if (row.technician_id === null) return;
  const nom = (await userName(tx, row.technician_id)) ?? `#${row.technician_id}`;
  await setTechnician(tx, [id], null);
  const note = ASSIGNMENT_MESSAGES.historyUnassigned(nom);
  await insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id });
  await notifyAssignmentChanged(tx, user, id, row.technician_id, null);
}

export async function unassign(db: Db, user: SessionUser, id: number, precondition: VersionPrecondition = {}) {
  await db.transaction((tx) => unassignInTx(tx, user, id, precondition));
  return mustFind(db, id);
}

/** PUT /bulk/assign: the version of each intervention whose assignee changes goes up by one (no If-Match). */
export async function bulkAssign(db: Db, user: SessionUser, input: BulkAssignInput) {
  await db.transaction(async (tx) => {
    await bumpVersions(tx, await assignInTx(tx, user, input.ids, input.technicianId, undefined, input.derogation));
  });
  return { count: input.ids.length };
}

/**
 * Users who may be assigned (GET /technicians). With `interventionId` (issue 34): each with whether he holds what its
 * kind of work requires on its planned day (and why not), the qualified first.
 */
export async function getTechnicians(db: Db, interventionId?: number) {
  const technicians = await listTechnicians(db);
  if (interventionId === undefined) return technicians;
  return rateTechnicians(db, interventionId, technicians);
}
