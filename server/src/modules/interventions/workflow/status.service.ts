import type { SessionUser } from '@gmao/domain/auth/user';
import { PAUSE_MOTIF_MESSAGES, type PauseMotif } from '@gmao/domain/contracts/contract-constants';
import { TIMER_STOPPING_STATUTS } from '@gmao/domain/interventions/activity-schemas';
import type { BulkStatusInput } from '@gmao/domain/interventions/bulk-schemas';
import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { formatPlannedAt } from '@gmao/domain/interventions/planning-clock';
import { can, POLICY_MESSAGES } from '@gmao/domain/interventions/policy';
import { isStatut, type Statut, statutLabel } from '@gmao/domain/interventions/status';
import { effectiveDeviceTime, SYNC_MESSAGES } from '@gmao/domain/interventions/sync-schemas';
import {
  canTransition,
  isReopening,
  REOPEN_MESSAGES,
  reopenRefusal,
  UNDO_MESSAGES,
  UNDO_WINDOW_SECONDS,
  WORKFLOW_MESSAGES,
} from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { notifyStatusChanged, withdrawStatusChanged } from '../../notifications/intervention-notifications.service.ts';
import { onStatusChange as stockOnStatusChange } from '../../stock/requests/part-requests.service.ts';
import { emitInterventionEvent } from '../../webhooks/webhooks.service.ts';
import { factsOf, lockForAction, type VersionPrecondition } from '../access.ts';
import { stopAllSessions } from '../activity/timer.repository.ts';
import { requireConsignation } from '../consignation/consignation.service.ts';
import {
  bumpVersions,
  findIntervention,
  type InterventionFields,
  lockVisibleMany,
} from '../interventions.repository.ts';
import { lockReviewStatus, restoreSupersededReview, supersedeReview } from '../review/review.repository.ts';
import { closeWithoutSignatureRefusal } from '../signatures/signatures.service.ts';
import { onStatusChange } from '../sla/sla.service.ts';
import { deleteHistoryRow, insertHistory, lastStatusMove, offlineMoveFloors } from './history.repository.ts';
import { type StatusTimestamps, writeStatut } from './status.repository.ts';

/** How a status change came: the reopening motif (leaving TERMINEE), or the undo of the user's last move. */
export type StatusChangeOptions = {
  motif?: string | null;
  /** Issue 31: the reason of a move to EN_PAUSE (400 with another target); kept on the row while it stays paused. */
  pauseMotif?: PauseMotif | null;
  /** The undone move (undoLastStatusChange): its history row and the timestamps it replaced. */
  undo?: { historyId: number; previous: StatusTimestamps };
  /**
   * Issue 32: when a move made offline happened (its device time, checked by changeStatusAtInTx): the history row,
   * started_at/completed_at, the SLA clocks and the timers it stops are dated then. Absent: now.
   */
  at?: Date;
};

/**
 * The ONE way a status changes, behind its doors — PUT /:id/status (changeStatus), PUT /bulk/status (bulkStatus),
 * PUT /:id with a statut (updateIntervention), PUT /bulk (bulk.service) and the sync batch (changeStatusAtInTx): the
 * workflow check (422), the reopening rule (issue 30, reopenRefusal: leaving TERMINEE needs a motif, 400; an
 * approved intervention needs interventions:approve, 403), the single UPDATE (with the edited fields when there
 * are), the history row (with the timestamps it replaced), the audit row, the timers a suspending or closing status
 * stops, and the notifications. Leaving TERMINEE supersedes the review (kept in intervention_review_history). The row
 * is locked and the access checked by the caller, in the caller's transaction.
 *
 * An undo puts back exactly what the undone move replaced — status, started_at/completed_at, the review it
 * superseded — removes that move from the history (it did not stick; the audit keeps both), and tells no one.
 */
export async function applyStatusChange(
  tx: DbOrTx,
  user: SessionUser,
  current: { id: number; statut: Statut },
  to: Statut,
  note: string | null,
  fields?: InterventionFields,
  opts: StatusChangeOptions = {},
) {
  const { undo } = opts;
  // An undo (undoLastStatusChange) has been checked against the history instead of the transition table.
  if (!undo && !canTransition(current.statut, to)) {
    throw new AppError('BUSINESS_RULE', WORKFLOW_MESSAGES.transitionRefused(current.statut, to));
  }
  // Issue 31: a pause's reason goes with EN_PAUSE only (checked before anything is read or written).
  const pauseMotif = opts.pauseMotif ?? null;
  if (pauseMotif && to !== 'EN_PAUSE') {
    throw new AppError('BAD_REQUEST', PAUSE_MOTIF_MESSAGES.onlyEnPause, [
      { field: 'pause_motif', msg: PAUSE_MOTIF_MESSAGES.onlyEnPause },
    ]);
  }
  const leavesFinished = isReopening(current.statut, to);
  const reviewStatus = leavesFinished ? await lockReviewStatus(tx, current.id) : null;
  const motif = opts.motif?.trim() || null;
  if (!undo) {
    const refused = reopenRefusal(user, { from: current.statut, to, reviewStatus, motif });
    if (refused?.kind === 'forbidden') throw new AppError('FORBIDDEN', refused.message);
    if (refused) throw new AppError('BAD_REQUEST', refused.message, [{ field: 'motif', msg: refused.message }]);
  }
  // Issue 32: "Signature du client obligatoire pour terminer" (company or contract), on every door to TERMINEE.
  if (!undo && to === 'TERMINEE' && current.statut !== 'TERMINEE') await requireClientSignature(tx, current.id);
  // Issue 34: work on a de-energised installation starts on an attested consignation and ends on its déconsignation.
  if (!undo && to !== current.statut) await requireConsignation(tx, current.id, to);
  const reopenMotif = leavesFinished && !undo ? motif : null;
  // Stock (issue 18): waiting for parts needs an open part request; TERMINEE issues, ANNULEE releases reservations.
  if (current.statut !== to) await stockOnStatusChange(tx, user, current.id, current.statut, to);
  // The pause's reason is written with the status: the SLA clocks read it next (ATTENTE_CLIENT).
  const at = undo ? null : (opts.at ?? null);
  const previous = await writeStatut(
    tx,
    current.id,
    to,
    fields,
    undo?.previous,
    to === 'EN_PAUSE' ? pauseMotif : null,
    at,
  );
  // Issue 31: reach, pause or resume the SLA clocks (sla/sla.service.ts).
  await onStatusChange(tx, current.id, current.statut, to, at);
  const historyId = undo
    ? null
    : await insertHistory(tx, {
        interventionId: current.id,
        from: current.statut,
        to,
        note: reopenMotif
          ? REOPEN_MESSAGES.historyNote(reopenMotif, note)
          : pauseMotif
            ? PAUSE_MOTIF_MESSAGES.historyNote(pauseMotif, note)
            : note,
        userId: user.id,
        previous,
        at,
      });
  if (leavesFinished && reviewStatus !== null) {
    await supersedeReview(tx, current.id, {
      userId: user.id,
      motif: reopenMotif ?? (undo ? UNDO_MESSAGES.historyNote : REOPEN_MESSAGES.reviewSuperseded),
      historyId,
    });
  }
  if (undo) {
    await restoreSupersededReview(tx, current.id, undo.historyId);
    await deleteHistoryRow(tx, undo.historyId);
  }
  await recordAudit(tx, {
    action: 'intervention.status',
    entityId: current.id,
    summary: `Intervention #${current.id} : ${undo ? `${UNDO_MESSAGES.historyNote} — ` : ''}${statutLabel(current.statut)} → ${statutLabel(to)}`,
    before: { statut: current.statut, ...(reviewStatus ? { review: reviewStatus } : {}) },
    after: {
      statut: to,
      ...(note ? { note } : {}),
      ...(reopenMotif ? { motif: reopenMotif } : {}),
      ...(pauseMotif ? { pause_motif: pauseMotif } : {}),
      ...(undo ? { undo: true, completedAt: undo.previous.completedAt } : {}),
      ...(at ? { at: at.toISOString() } : {}),
    },
  });
  if (TIMER_STOPPING_STATUTS.includes(to)) await stopAllSessions(tx, current.id, at);
  // Issue 35: webhooks' outbox, in this transaction (an undo is a change of status too for an integrator).
  if (current.statut !== to) {
    const change = { statut_precedent: current.statut, ...(undo ? { annulation: true } : {}) };
    await emitInterventionEvent(tx, 'intervention.status_changed', current.id, change);
    if (to === 'TERMINEE') await emitInterventionEvent(tx, 'intervention.completed', current.id);
  }
  // The undo tells no one (announcing the way back doubled the notifications) and withdraws what the move it
  // cancels announced, where still unread.
  if (undo) await withdrawStatusChanged(tx, user, current.id, to, current.statut, UNDO_WINDOW_SECONDS * 3);
  else await notifyStatusChanged(tx, user, current.id, current.statut, to);
}

/** 422 when the intervention may not be closed before the client has signed its bon (signatures.service.ts). */
async function requireClientSignature(tx: DbOrTx, id: number) {
  const refused = await closeWithoutSignatureRefusal(tx, id);
  if (refused) throw new AppError('BUSINESS_RULE', refused);
}

/** The body of PUT /:id/status past its statut: note, reopening motif, pause motif. */
export type StatusChangeInput = { note?: string | null; motif?: string | null; pause_motif?: PauseMotif | null };

/** PUT /:id/status inside the caller's transaction. */
export async function changeStatusInTx(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  to: Statut,
  change: StatusChangeInput = {},
  precondition?: VersionPrecondition,
) {
  const current = await lockForAction(tx, user, id, 'changeStatus', precondition);
  await applyStatusChange(tx, user, current, to, change.note || null, undefined, {
    motif: change.motif,
    pauseMotif: change.pause_motif,
  });
}

/**
 * A status move made offline (a synchronised `status` change, issue 32): changeStatusInTx dated at the device time
 * `deviceAt` when plausible (effectiveDeviceTime: not in the future beyond the clock skew, not before the
 * intervention's creation nor its last recorded status move), else at the server's time with the reason appended to
 * the history note. Returns that reason (the sync's notice), or null.
 */
export async function changeStatusAtInTx(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  to: Statut,
  change: StatusChangeInput,
  deviceAt: string,
): Promise<string | null> {
  const current = await lockForAction(tx, user, id, 'changeStatus');
  const when = effectiveDeviceTime(deviceAt, { now: Date.now(), ...(await offlineMoveFloors(tx, id)) });
  const notice = when.issue ? SYNC_MESSAGES.deviceTimeReplaced(formatPlannedAt(deviceAt), when.issue) : null;
  const note = [change.note, notice].filter(Boolean).join(' — ') || null;
  await applyStatusChange(tx, user, current, to, note, undefined, {
    motif: change.motif,
    pauseMotif: change.pause_motif,
    ...(when.at === null ? {} : { at: new Date(when.at) }),
  });
  return notice;
}

/** PUT /:id/status */
export async function changeStatus(
  db: Db,
  user: SessionUser,
  id: number,
  to: Statut,
  change: StatusChangeInput = {},
  precondition?: VersionPrecondition,
) {
  await db.transaction((tx) => changeStatusInTx(tx, user, id, to, change, precondition));
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
    for (const r of moving) {
      await applyStatusChange(tx, user, r, input.status, input.note || null, undefined, { motif: input.motif });
    }
    await bumpVersions(
      tx,
      moving.map((r) => r.id),
    );
    return { count: moving.length };
  });
}

/**
 * POST /:id/status/undo: puts back the status the user's own last change replaced, within UNDO_WINDOW_SECONDS and
 * only if that change is still the last one (same transaction, under the row lock). Through applyStatusChange as an
 * undo (issue 30): the timestamps and the review the change replaced come back as they were, the undone move leaves
 * the history, an audit row 'Annulation du changement de statut' records it, nobody is notified.
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
    await applyStatusChange(tx, user, current, last.from_statut, null, undefined, {
      undo: {
        historyId: last.id,
        previous: {
          startedAt: last.previous_started_at,
          completedAt: last.previous_completed_at,
          pauseMotif: last.previous_pause_motif,
        },
      },
    });
  });
  const changed = await findIntervention(db, id);
  if (!changed) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return changed;
}
