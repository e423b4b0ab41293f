import type { SessionUser } from '@gmao/domain/auth/user';
import type { BulkAssignInput } from '@gmao/domain/interventions/assignment-schemas';
import type { BulkStatusInput } from '@gmao/domain/interventions/bulk-schemas';
import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { canTransition, WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findAssignableUser, lockMany, setTechnician, userName } from './assignment.repository.ts';
import { findIntervention, insertHistory } from './interventions.repository.ts';
import { applyStatusChange } from './interventions.service.ts';

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
 * whose assignee changes; the caller owns the transaction.
 */
export async function assignInTx(tx: DbOrTx, user: SessionUser, ids: number[], technicianId: number) {
  const locked = await lockMany(tx, ids);
  if (locked.length !== ids.length) {
    const found = new Set(locked.map((r) => r.id));
    const missing = ids.filter((i) => !found.has(i));
    if (ids.length === 1) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
    throw new AppError('NOT_FOUND', ASSIGNMENT_MESSAGES.interventionsNotFound(missing));
  }
  const technician = await mustAssignable(tx, technicianId);
  const changed = locked.filter((r) => r.technician_id !== technicianId).map((r) => r.id);
  if (changed.length === 0) return;
  await setTechnician(tx, changed, technicianId);
  for (const id of changed) {
    const note = ASSIGNMENT_MESSAGES.historyAssigned(technician.nom);
    await insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id });
  }
}

async function mustFind(db: DbOrTx, id: number) {
  const row = await findIntervention(db, id);
  if (!row) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return row;
}

export async function assign(db: Db, user: SessionUser, id: number, technicianId: number) {
  await db.transaction((tx) => assignInTx(tx, user, [id], technicianId));
  return mustFind(db, id);
}

/** Removes the assignee (history note when there was one); the caller owns the transaction. */
export async function unassignInTx(tx: DbOrTx, user: SessionUser, id: number) {
  const [row] = await lockMany(tx, [id]);
  if (!row) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  if (row.technician_id === null) return;
  const nom = (await userName(tx, row.technician_id)) ?? `#${row.technician_id}`;
  await setTechnician(tx, [id], null);
  const note = ASSIGNMENT_MESSAGES.historyUnassigned(nom);
  await insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id });
}

export async function unassign(db: Db, user: SessionUser, id: number) {
  await db.transaction((tx) => unassignInTx(tx, user, id));
  return mustFind(db, id);
}

export async function bulkAssign(db: Db, user: SessionUser, input: BulkAssignInput) {
  await db.transaction((tx) => assignInTx(tx, user, input.ids, input.technicianId));
  return { count: input.ids.length };
}

/**
 * Bulk status change: all interventions locked in id order, every move checked against the workflow first; one
 * refused move refuses the whole batch (422 naming the intervention), otherwise each gets its history row.
 * Interventions already at the target status are left as they are.
 */
export async function bulkStatus(db: Db, user: SessionUser, input: BulkStatusInput) {
  return db.transaction(async (tx) => {
    const rows = await lockMany(tx, input.ids);
    if (rows.length !== input.ids.length) {
      const found = new Set(rows.map((r) => r.id));
      throw new AppError(
        'NOT_FOUND',
        ASSIGNMENT_MESSAGES.interventionsNotFound(input.ids.filter((i) => !found.has(i))),
      );
    }
    const moving = rows.filter((r) => r.statut !== input.status);
    const refused = moving.find((r) => !canTransition(r.statut, input.status));
    if (refused) {
      const why = WORKFLOW_MESSAGES.transitionRefused(refused.statut, input.status);
      throw new AppError('BUSINESS_RULE', ASSIGNMENT_MESSAGES.bulkTransitionRefused(refused.id, why));
    }
    for (const r of moving) await applyStatusChange(tx, user, r, input.status, input.note || null);
    return { count: moving.length };
  });
}
