import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { type Statut, statutLabel } from '@gmao/domain/interventions/status';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TEXTS,
  type SendNotificationInput,
} from '@gmao/domain/notifications/notification-schemas';
import type { DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { activeHoldersAmong, administratorIds, holderIds, withdrawUnread } from './notifications.repository.ts';
import { notify, subjectOf } from './notifications.service.ts';
import { notifyPortalUsers } from './portal-notifications.service.ts';

// What a user's move on an intervention tells its people (creator, assignee, reviewers, the portal's client): each is
// called by the service making the move, inside its transaction, and the acting user is the actor (never told).

/** An intervention was created: when urgent, the responsibles of its section and the administrators. */
export async function notifyInterventionCreated(tx: DbOrTx, actor: SessionUser, interventionId: number) {
  await notifyPortalUsers(tx, interventionId, null);
  const s = await subjectOf(tx, interventionId);
  if (!s?.row.urgence) return;
  const people = [s.row.creer_par, s.row.technician_id].filter((v): v is number => v !== null);
  const [responsibles, admins] = await Promise.all([
    holderIds(tx, PERMISSIONS.INTERVENTIONS_ASSIGN, people.length > 0 ? people : [actor.id]),
    administratorIds(tx),
  ]);
  await notify(tx, {
    event: 'intervention_urgent',
    type: 'urgent',
    recipients: [...responsibles, ...admins],
    actorId: actor.id,
    interventionId,
    ...NOTIFICATION_TEXTS.urgent(s.what),
  });
}

/** Assignee changes: the new one is told it was given to him, the former one that it was taken from him. */
export async function notifyAssignmentChanged(
  tx: DbOrTx,
  actor: SessionUser,
  interventionId: number,
  from: number | null,
  to: number | null,
) {
  if (from === to) return;
  const s = await subjectOf(tx, interventionId);
  if (!s) return;
  const urgent = s.row.urgence;
  if (to !== null) {
    await notify(tx, {
      event: 'intervention_assigned',
      type: urgent ? 'urgent' : 'info',
      recipients: [to],
      actorId: actor.id,
      interventionId,
      ...NOTIFICATION_TEXTS.assigned(s.what, actor.nom),
    });
  }
  if (from !== null) {
    await notify(tx, {
      event: 'intervention_unassigned',
      type: 'info',
      recipients: [from],
      actorId: actor.id,
      interventionId,
      ...NOTIFICATION_TEXTS.unassigned(s.what, actor.nom),
    });
  }
}

/** A status change: the intervention's creator and assignee. */
export async function notifyStatusChanged(
  tx: DbOrTx,
  actor: SessionUser,
  interventionId: number,
  from: Statut,
  to: Statut,
) {
  await notifyPortalUsers(tx, interventionId, from, to);
  const s = await subjectOf(tx, interventionId);
  if (!s) return;
  await notify(tx, {
    event: 'intervention_status',
    type: to === 'TERMINEE' ? 'success' : to === 'ECHEC' || to === 'ANNULEE' ? 'urgent' : 'info',
    recipients: [s.row.creer_par, s.row.technician_id],
    actorId: actor.id,
    interventionId,
    ...NOTIFICATION_TEXTS.status(s.what, statutLabel(from), statutLabel(to), actor.nom),
  });
}

/**
 * The undo of a status change (issue 30): the unread notifications of the move it cancels are withdrawn (that move
 * did not stick), and the way back is announced to no one. Read ones stay: their reader saw the move happen.
 */
export async function withdrawStatusChanged(
  tx: DbOrTx,
  actor: SessionUser,
  interventionId: number,
  from: Statut,
  to: Statut,
  withinSeconds: number,
) {
  const s = await subjectOf(tx, interventionId);
  if (!s) return;
  const text = NOTIFICATION_TEXTS.status(s.what, statutLabel(from), statutLabel(to), actor.nom);
  await withdrawUnread(tx, { event: 'intervention_status', interventionId, actorId: actor.id, ...text }, withinSeconds);
}

/** The parts an intervention waited for were received: its assignee, who may resume it. */
export async function notifyPartsReceived(tx: DbOrTx, actor: SessionUser, interventionId: number) {
  const s = await subjectOf(tx, interventionId);
  if (!s) return;
  await notify(tx, {
    event: 'parts_received',
    type: 'success',
    recipients: [s.row.technician_id],
    actorId: actor.id,
    interventionId,
    ...NOTIFICATION_TEXTS.partsReceived(s.what),
  });
}

/** Submitted for review: every holder of interventions:approve. */
export async function notifyReviewRequested(tx: DbOrTx, actor: SessionUser, interventionId: number) {
  const s = await subjectOf(tx, interventionId);
  if (!s) return;
  await notify(tx, {
    event: 'review_requested',
    type: 'info',
    recipients: await holderIds(tx, PERMISSIONS.INTERVENTIONS_APPROVE),
    actorId: actor.id,
    interventionId,
    ...NOTIFICATION_TEXTS.reviewRequested(s.what, actor.nom),
  });
}

/** Approved or rejected: the submitter, the creator and the assignee. */
export async function notifyReviewDecided(
  tx: DbOrTx,
  actor: SessionUser,
  interventionId: number,
  submitterId: number | null,
  decision: { approved: true } | { approved: false; reason: string },
) {
  const s = await subjectOf(tx, interventionId);
  if (!s) return;
  const text = decision.approved
    ? NOTIFICATION_TEXTS.reviewApproved(s.what, actor.nom)
    : NOTIFICATION_TEXTS.reviewRejected(s.what, actor.nom, decision.reason);
  await notify(tx, {
    event: 'review_decided',
    type: decision.approved ? 'success' : 'urgent',
    recipients: [submitterId, s.row.creer_par, s.row.technician_id],
    actorId: actor.id,
    interventionId,
    ...text,
  });
}

/**
 * POST /interventions/{id}/notifications: the caller (who may contribute to the intervention, checked by the
 * interventions service under its lock) tells chosen users, each of whom must be active and able to read
 * interventions. Returns how many were notified.
 */
export async function notifyChosenUsers(
  tx: DbOrTx,
  actor: SessionUser,
  interventionId: number,
  input: SendNotificationInput,
): Promise<number> {
  const s = await subjectOf(tx, interventionId);
  if (!s) throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
  const wanted = [...new Set(input.userIds)];
  const allowed = await activeHoldersAmong(tx, wanted, PERMISSIONS.INTERVENTIONS_READ);
  if (allowed.length !== wanted.length) {
    throw new AppError('BUSINESS_RULE', NOTIFICATION_MESSAGES.recipientsInvalid, [
      { field: 'userIds', msg: NOTIFICATION_MESSAGES.recipientsInvalid },
    ]);
  }
  const delivered = await notify(tx, {
    event: 'intervention_message',
    type: s.row.urgence ? 'urgent' : 'info',
    recipients: allowed,
    actorId: actor.id,
    interventionId,
    ...NOTIFICATION_TEXTS.message(s.what, actor.nom, input.message),
  });
  return delivered.length;
}
