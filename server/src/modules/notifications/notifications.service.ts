import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { HABILITATION_MESSAGES } from '@gmao/domain/habilitations/symbols';
import { type Statut, statutLabel } from '@gmao/domain/interventions/status';
import {
  DEFAULT_PREFERENCE,
  interventionDeepLink,
  interventionSubject,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TEXTS,
  type NotificationEvent,
  type NotificationType,
  type SendNotificationInput,
} from '@gmao/domain/notifications/notification-schemas';
import { REQUEST_MESSAGES } from '@gmao/domain/requests/request-schemas';
import { SLA_CIBLE_LABELS, type SlaCible } from '@gmao/domain/sla/sla-clock';
import type { Db, DbOrTx } from '../../db/database.ts';
import { equipmentSectionResponsable, usersSeeingEquipment, usersSeeingIntervention } from '../../db/visibility.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueNotificationEmails } from '../mail/mail.service.ts';
import {
  activeHoldersAmong,
  administratorIds,
  claimNewlyOverdue,
  holderIds,
  type InterventionSubjectRow,
  insertNotifications,
  interventionSubjectRow,
  wantingInApp,
  withdrawUnread,
} from './notifications.repository.ts';
import { notifyPortalUsers } from './portal-notifications.service.ts';

/**
 * Notifications are written by `notify`, always inside the transaction of the change that causes them (an outbox:
 * they commit with it or not at all), never to the user who acted, and only to those who want the event in the
 * application (preferences). The same call enqueues the e-mails of those who want the event by e-mail (mail module,
 * nothing when no SMTP server is configured), in the same transaction.
 */
interface NotifyInput {
  event: NotificationEvent;
  type: NotificationType;
  recipients: readonly (number | null | undefined)[];
  actorId: number | null;
  title: string;
  message: string;
  interventionId?: number | null;
}

export async function notify(tx: DbOrTx, n: NotifyInput): Promise<number[]> {
  const named = [...new Set(n.recipients.filter((r): r is number => typeof r === 'number' && r !== n.actorId))];
  // Issue 33: nobody is told of an intervention he may not see (a section-limited user, another section's client).
  const unique = n.interventionId ? await usersSeeingIntervention(tx, named, n.interventionId) : named;
  if (unique.length === 0) return [];
  const recipients = await wantingInApp(tx, unique, n.event, DEFAULT_PREFERENCE[n.event].in_app);
  await insertNotifications(tx, recipients, {
    type: n.type,
    event: n.event,
    title: n.title,
    message: n.message,
    interventionId: n.interventionId ?? null,
    actorId: n.actorId,
  });
  await enqueueNotificationEmails(tx, {
    event: n.event,
    recipients: unique,
    title: n.title,
    message: n.message,
    link: n.interventionId ? interventionDeepLink(n.interventionId) : null,
  });
  return recipients;
}

async function subjectOf(tx: DbOrTx, id: number): Promise<{ row: InterventionSubjectRow; what: string } | null> {
  const row = await interventionSubjectRow(tx, id);
  return row ? { row, what: interventionSubject(row) } : null;
}

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

/** A preventive plan generated an intervention assigned to `technicianId`: he is told, in the generation's transaction. */
export async function notifyGeneratedAssignment(tx: DbOrTx, interventionId: number, technicianId: number, by: string) {
  const s = await subjectOf(tx, interventionId);
  if (!s) return;
  await notify(tx, {
    event: 'intervention_assigned',
    type: s.row.urgence ? 'urgent' : 'info',
    recipients: [technicianId],
    actorId: null,
    interventionId,
    ...NOTIFICATION_TEXTS.assigned(s.what, by),
  });
}

/**
 * Issue 34: a plan generated an intervention its technician is not qualified for; it was left unassigned. The plan's
 * author and the holders of interventions:assign are told, with the reason.
 */
export async function notifyUnqualifiedGeneration(
  tx: DbOrTx,
  interventionId: number,
  plan: { nom: string; creer_par: number | null },
  reason: string,
) {
  const s = await subjectOf(tx, interventionId);
  if (!s) return;
  await notify(tx, {
    event: 'habilitation_alert',
    type: 'urgent',
    recipients: [plan.creer_par, ...(await holderIds(tx, PERMISSIONS.INTERVENTIONS_ASSIGN))],
    actorId: null,
    interventionId,
    title: HABILITATION_MESSAGES.planUnassignedTitle,
    message: HABILITATION_MESSAGES.planUnassigned(plan.nom, s.what, reason),
  });
}

/** Issue 34: a titre or a medical fitness reaches 90 / 30 / 0 days before its end: the holder and the managers. */
export async function notifyHabilitationExpiring(tx: DbOrTx, holderId: number, message: string) {
  await notify(tx, {
    event: 'habilitation_alert',
    type: 'urgent',
    recipients: [holderId, ...(await holderIds(tx, PERMISSIONS.HABILITATIONS_MANAGE))],
    actorId: null,
    title: HABILITATION_MESSAGES.expiryTitle,
    message,
  });
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

/** A part's available stock crossed below its threshold (issue 18): every holder of stock:manage. */
export async function notifyStockLow(
  tx: DbOrTx,
  actor: SessionUser | null,
  part: string,
  available: number,
  seuil: number,
) {
  await notify(tx, {
    event: 'stock_low',
    type: 'urgent',
    recipients: await holderIds(tx, PERMISSIONS.STOCK_MANAGE),
    actorId: actor?.id ?? null,
    ...NOTIFICATION_TEXTS.stockLow(part, available, seuil),
  });
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

/**
 * "An intervention becoming overdue", once per intervention: claims the newly overdue ones and tells their assignee
 * (or, when nobody holds it, its creator). Safe to run on several instances at once. Returns the claimed ids.
 */
export async function notifyNewlyOverdue(db: Db, now: Date = new Date()): Promise<number[]> {
  return db.transaction(async (tx) => {
    const claimed = await claimNewlyOverdue(tx, metricsToday(now));
    for (const id of claimed) {
      const s = await subjectOf(tx, id);
      if (!s) continue;
      await notify(tx, {
        event: 'intervention_overdue',
        type: 'urgent',
        recipients: [s.row.technician_id ?? s.row.creer_par],
        actorId: null,
        interventionId: id,
        ...NOTIFICATION_TEXTS.overdue(s.what),
      });
    }
    return claimed;
  });
}

/**
 * An SLA clock at 75 % or 100 % of its time (issue 31, sla.job.ts claims it once across instances): the assignee
 * (else the creator) and the section's responsables (holders of interventions:assign).
 */
export async function notifySlaAlert(tx: DbOrTx, interventionId: number, cible: SlaCible, percent: 75 | 100) {
  const row = await interventionSubjectRow(tx, interventionId);
  if (!row) return;
  const person = row.technician_id ?? row.creer_par;
  const responsibles = await holderIds(tx, PERMISSIONS.INTERVENTIONS_ASSIGN, person !== null ? [person] : []);
  await notify(tx, {
    event: 'sla_alert',
    type: 'urgent',
    recipients: [person, ...responsibles],
    actorId: null,
    interventionId,
    ...NOTIFICATION_TEXTS.slaAlert(interventionSubject(row), SLA_CIBLE_LABELS[cible], percent),
  });
}

/** Contracts ending within 30 / 60 days (claimed once by sla.job.ts): the administrators. */
export async function notifyContractExpiring(
  tx: DbOrTx,
  contracts: readonly { numero: string; date_fin: string; client: string }[],
  days: 30 | 60,
) {
  const admins = await administratorIds(tx);
  for (const c of contracts) {
    await notify(tx, {
      event: 'contract_expiring',
      type: 'info',
      recipients: admins,
      actorId: null,
      interventionId: null,
      ...NOTIFICATION_TEXTS.contractExpiring(c.numero, c.client, c.date_fin, days),
    });
  }
}

/**
 * A request was filed (QR code or portal, issue 33): every holder of requests:manage (administrators included).
 * Equipment and clients carry no section yet; once the scope mechanism gives them one, the holders are narrowed to
 * the equipment's section here.
 */
/**
 * A new request (issue 33): the holders of requests:manage who see its client (a section-limited one only for his
 * section's clients) and the responsable of the client's section.
 */
export async function notifyRequestFiled(tx: DbOrTx, r: { equipement: string; nom: string; equipementId: number }) {
  const candidates = [
    ...(await holderIds(tx, PERMISSIONS.REQUESTS_MANAGE)),
    ...(await equipmentSectionResponsable(tx, r.equipementId)),
  ];
  await notify(tx, {
    event: 'request_new',
    type: 'info',
    recipients: await usersSeeingEquipment(tx, [...new Set(candidates)], r.equipementId),
    actorId: null,
    title: REQUEST_MESSAGES.notificationTitle,
    message: REQUEST_MESSAGES.notificationMessage(r.equipement, r.nom),
  });
}
