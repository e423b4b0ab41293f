import type { SessionUser } from '@gmao/domain/auth/user';
import { TIMER_STOPPING_STATUTS } from '@gmao/domain/interventions/activity-schemas';
import type { BulkStatusInput } from '@gmao/domain/interventions/bulk-schemas';
import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { can, POLICY_MESSAGES } from '@gmao/domain/interventions/policy';
import { isStatut, type Statut, statutLabel } from '@gmao/domain/interventions/status';
import {
  canTransition,
  UNDO_MESSAGES,
  UNDO_WINDOW_SECONDS,
  WORKFLOW_MESSAGES,
} from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { notifyStatusChanged } from '../../notifications/notifications.service.ts';
import { onStatusChange as stockOnStatusChange } from '../../stock/requests/part-requests.service.ts';
import { factsOf, lockForAction, type VersionPrecondition } from '../access.ts';
import { stopAllSessions } from '../activity/timer.repository.ts';
import {
  bumpVersions,
  findIntervention,
  type InterventionFields,
  lockVisibleMany,
} from '../interventions.repository.ts';
import { insertHistory, lastStatusMove } from './history.repository.ts';
import { writeStatut } from './status.repository.ts';

/**
 * The ONE way a status changes, behind its three doors — PUT /:id/status (changeStatus), PUT /bulk/status
 * (bulkStatus) and PUT /:id with a statut (updateIntervention): the workflow check (422), the single UPDATE (with
 * the edited fields when there are), the history row, the audit row, and the timers a suspending or closing status
 * stops. The row is locked and the access checked by the caller, in the caller's transaction.
 */
export async function applyStatusChange(
  tx: DbOrTx,
  user: SessionUser,
  current: { id: number; statut: Statut },
  to: Statut,
  note: string | null,
  fields?: InterventionFields,
  opts: { undo?: boolean } = {},
) {
  // An undo (undoLastStatusChange) has been checked against the history instead of the transition table.
  if (!opts.undo && !canTransition(current.statut, to)) {
    throw new AppError('BUSINESS_RULE', WORKFLOW_MESSAGES.transitionRefused(current.statut, to));
  }
  // Stock (issue 18): waiting for parts needs an open part request; TERMINEE issues, ANNULEE releases reservations.
  if (current.statut !== to) await stockOnStatusChange(tx, user, current.id, current.statut, to);
  await writeStatut(tx, current.id, to, fields);
  await insertHistory(tx, { interventionId: current.id, from: current.statut, to, note, userId: user.id });
  await recordAudit(tx, {
    action: 'intervention.status',
    entityId: current.id,
    summary: `Intervention #${current.id} : ${statutLabel(current.statut)} → ${statutLabel(to)}`,
    before: { statut: current.statut },
    after: { statut: to, ...(note ? { note } : {}) },
  });
  if (TIMER_STOPPING_STATUTS.includes(to)) await stopAllSessions(tx, current.id);
  await notifyStatusChanged(tx, user, current.id, current.statut, to);
}

/** PUT /:id/status inside the caller's transaction (also a synchronised status step, sync/sync.service.ts). */
export async function changeStatusInTx(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  to: Statut,
  note?: string | null,
  precondition?: VersionPrecondition,
) {
  const current = await lockForAction(tx, user, id, 'changeStatus', precondition);
  await applyStatusChange(tx, user, current, to, note || null);
}

/** PUT /:id/status */
export async function changeStatus(
  db: Db,
  user: SessionUser,
  id: number,
  to: Statut,
  note?: string | null,
  precondition?: VersionPrecondition,
) {
  await db.transaction((tx) => changeStatusInTx(tx, user, id, to, note, precondition));
  const changed = await findIntervention(db, id);
  if (!changed) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return changed;
}

/**
 * PUT /bulk/status {ids, status}: all interventions locked in id order, every one checked against the access policy
 * (403 naming those the user may not change) and every move against the workflow (422 naming the intervention)
 * before anything is written; then each goes through applyStatusChange and its version goes up by one. Those already
 * at the target are left as they are (version unchanged). No If-Match: it names the version of one intervention.
 */
export async function bulkStatus(db: Db, user: SessionUser, input: BulkStatusInput) {
  return db.transaction(async (tx) => {
    const rows = await lockVisibleMany(tx, input.ids);
    if (rows.length !== input.ids.length) {
      const found = new Set(rows.map((r) => r.id));
      throw new AppError(
        'NOT_FOUND',
        ASSIGNMENT_MESSAGES.interventionsNotFound(input.ids.filter((i) => !found.has(i))),
      );
    }
    const forbidden = rows.filter((r) => !can(user, 'changeStatus', factsOf(r))).map((r) => r.id);
    if (forbidden.length > 0) throw new AppError('FORBIDDEN', POLICY_MESSAGES.bulkRefused(forbidden));
    const moving = rows.filter((r) => r.statut !== input.status);
    const refused = moving.find((r) => !canTransition(r.statut, input.status));
    if (refused) {
      const why = WORKFLOW_MESSAGES.transitionRefused(refused.statut, input.status);
      throw new AppError('BUSINESS_RULE', ASSIGNMENT_MESSAGES.bulkTransitionRefused(refused.id, why));
    }
    for (const r of moving) await applyStatusChange(tx, user, r, input.status, input.note || null);
    await bumpVersions(
      tx,
      moving.map((r) => r.id),
    );
    return { count: moving.length };
  });
}

/**
 * POST /:id/status/undo: puts back the status the user's own last change replaced, within UNDO_WINDOW_SECONDS and
 * only if that change is still the last one (same transaction, under the row lock). Written like any status change
 * (history row, audit, notifications), with the note 'Annulation du changement de statut'.
 */
export async function undoLastStatusChange(db: Db, user: SessionUser, id: number) {
  await db.transaction(async (tx) => {
    const current = await lockForAction(tx, user, id, 'changeStatus');
    const last = await lastStatusMove(tx, id);
    const undoable =
      last !== null &&
      last.user_id === user.id &&
      last.to_statut === current.statut &&
      last.from_statut !== null &&
      isStatut(last.from_statut) &&
      last.age <= UNDO_WINDOW_SECONDS;
    if (!undoable || !last?.from_statut || !isStatut(last.from_statut)) {
      throw new AppError('BUSINESS_RULE', UNDO_MESSAGES.refused);
    }
    await applyStatusChange(tx, user, current, last.from_statut, UNDO_MESSAGES.historyNote, undefined, { undo: true });
  });
  const changed = await findIntervention(db, id);
  if (!changed) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return changed;
}
