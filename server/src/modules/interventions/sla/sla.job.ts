/**
 * The SLA clocks' periodic step (issue 31), run by every instance (main.ts, every minute) like the overdue check:
 * once across instances because every claim is a row-locked UPDATE whose WHERE is re-checked after a concurrent
 * commit (FOR UPDATE SKIP LOCKED on the clocks), and the notified_* markers are set in the same transaction as the
 * notifications (and their e-mails, enqueued on the job table).
 * - EN_COURS past echeance → DEPASSE (terminal); reads never recompute, they use the stored columns.
 * - 75 %: a running clock whose alerte_le has passed; 100 %: a breached clock not reached yet, within 7 days of its
 *   deadline (bounded by the (etat, echeance) index). Recipients: the assignee (else the creator) and the section's
 *   responsables (holders of interventions:assign in that section).
 * - Contracts ending within 60 / 30 days (live ones, tacit renewal or not): the administrators, once each.
 */

import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { interventionSubject, NOTIFICATION_TEXTS } from '@gmao/domain/notifications/notification-schemas';
import { addDays } from '@gmao/domain/plans/recurrence';
import { SLA_CIBLE_LABELS, type SlaCible } from '@gmao/domain/sla/sla-clock';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { administratorIds, holderIds, interventionSubjectRow } from '../../notifications/notifications.repository.ts';
import { notify } from '../../notifications/notifications.service.ts';

const BATCH = 500;

async function claim(tx: DbOrTx, percent: 75 | 100, now: Date) {
  const at = now.toISOString();
  const due =
    percent === 75
      ? sql`etat = 'EN_COURS' AND alerte_le <= ${at}::timestamptz AND notified_75_at IS NULL`
      : sql`etat = 'DEPASSE' AND echeance <= ${at}::timestamptz AND echeance > ${at}::timestamptz - interval '7 days'
            AND atteint_le IS NULL AND notified_100_at IS NULL`;
  const column = percent === 75 ? sql`notified_75_at` : sql`notified_100_at`;
  const { rows } = await tx.execute<{ intervention_id: number; cible: SlaCible }>(sql`
    UPDATE intervention_sla s SET ${column} = ${at}::timestamptz, updated_at = now()
    FROM (SELECT intervention_id, cible FROM intervention_sla WHERE ${due}
          ORDER BY intervention_id, cible LIMIT ${BATCH} FOR UPDATE SKIP LOCKED) c
    WHERE s.intervention_id = c.intervention_id AND s.cible = c.cible
    RETURNING s.intervention_id, s.cible`);
  for (const r of rows) {
    const row = await interventionSubjectRow(tx, r.intervention_id);
    if (!row) continue;
    const person = row.technician_id ?? row.creer_par;
    const responsibles = await holderIds(tx, PERMISSIONS.INTERVENTIONS_ASSIGN, person !== null ? [person] : []);
    await notify(tx, {
      event: 'sla_alert',
      type: 'urgent',
      recipients: [person, ...responsibles],
      actorId: null,
      interventionId: r.intervention_id,
      ...NOTIFICATION_TEXTS.slaAlert(interventionSubject(row), SLA_CIBLE_LABELS[r.cible], percent),
    });
  }
  return rows.length;
}

async function contractsExpiring(tx: DbOrTx, days: 30 | 60, now: Date) {
  const today = metricsToday(now);
  const limit = addDays(today, days);
  const column = days === 30 ? sql`expiry_notified_30_at` : sql`expiry_notified_60_at`;
  // The 30-day notice also stands for the 60-day one (a contract created 20 days before its end gets one notice).
  const also = days === 30 ? sql`, expiry_notified_60_at = coalesce(k.expiry_notified_60_at, now())` : sql``;
  const { rows } = await tx.execute<{ numero: string; date_fin: string; client: string }>(sql`
    UPDATE contracts k SET ${column} = now() ${also}
    FROM clients c
    WHERE c.id = k.client_id AND k.deleted_at IS NULL AND k.${column} IS NULL
      AND k.date_fin BETWEEN ${today}::date AND ${limit}::date
    RETURNING k.numero, to_char(k.date_fin, 'DD/MM/YYYY') AS date_fin, c.nom_entreprise AS client`);
  if (rows.length === 0) return 0;
  const admins = await administratorIds(tx);
  for (const r of rows) {
    await notify(tx, {
      event: 'contract_expiring',
      type: 'info',
      recipients: admins,
      actorId: null,
      interventionId: null,
      ...NOTIFICATION_TEXTS.contractExpiring(r.numero, r.client, r.date_fin, days),
    });
  }
  return rows.length;
}

export interface SlaStepResult {
  depasses: number;
  notified75: number;
  notified100: number;
  contracts: number;
}

/** One step; safe to run at once on several instances (see the header). */
export async function advanceSlaClocks(db: Db, now: Date = new Date()): Promise<SlaStepResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ intervention_id: number }>(sql`
      UPDATE intervention_sla s SET etat = 'DEPASSE', updated_at = now()
      FROM (SELECT intervention_id, cible FROM intervention_sla
            WHERE etat = 'EN_COURS' AND echeance <= ${now.toISOString()}::timestamptz
            ORDER BY intervention_id, cible FOR UPDATE SKIP LOCKED) c
      WHERE s.intervention_id = c.intervention_id AND s.cible = c.cible AND s.etat = 'EN_COURS'
      RETURNING s.intervention_id`);
    const notified100 = await claim(tx, 100, now);
    const notified75 = await claim(tx, 75, now);
    const contracts = (await contractsExpiring(tx, 30, now)) + (await contractsExpiring(tx, 60, now));
    return { depasses: rows.length, notified75, notified100, contracts };
  });
}
