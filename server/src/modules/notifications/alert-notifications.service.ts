import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { HABILITATION_MESSAGES } from '@gmao/domain/habilitations/symbols';
import { interventionSubject, NOTIFICATION_TEXTS } from '@gmao/domain/notifications/notification-schemas';
import { REQUEST_MESSAGES } from '@gmao/domain/requests/request-schemas';
import { SLA_CIBLE_LABELS, type SlaCible } from '@gmao/domain/sla/sla-clock';
import type { Db, DbOrTx } from '../../db/database.ts';
import { equipmentSectionResponsable, usersSeeingEquipment } from '../../db/visibility.ts';
import { administratorIds, claimNewlyOverdue, holderIds, interventionSubjectRow } from './notifications.repository.ts';
import { notify, subjectOf } from './notifications.service.ts';

// What no one's move on an intervention raises: a plan's generation, a deadline or an expiry the jobs claim once, a
// stock threshold crossed, a request filed from outside. Nobody to leave out, so mostly no actor; the recipients are
// those who must act on it, mostly the holders of a permission rather than an intervention's people.

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
