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

import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { addDays } from '@gmao/domain/plans/recurrence';
import type { Db } from '../../../db/database.ts';
import { notifyContractExpiring, notifySlaAlert } from '../../notifications/alert-notifications.service.ts';
import { emitSlaEvent } from '../../webhooks/webhooks.service.ts';
import { claimClockNotices, claimExpiringContracts, markBreached } from './sla.repository.ts';

const BATCH = 500;

export interface SlaStepResult {
  depasses: number;
  notified75: number;
  notified100: number;
  contracts: number;
}

/** One step; safe to run at once on several instances (see the header). */
export async function advanceSlaClocks(db: Db, now: Date = new Date()): Promise<SlaStepResult> {
  return db.transaction(async (tx) => {
    const breached = await markBreached(tx, now);
    // Issue 35: sla.breached / sla.at_risk to the webhooks' outbox, with the step's markers (once per clock).
    for (const r of breached) await emitSlaEvent(tx, 'sla.breached', r.intervention_id, r.cible);
    const depasses = breached.length;
    const notified = { 75: 0, 100: 0 };
    for (const percent of [100, 75] as const) {
      const claimed = await claimClockNotices(tx, percent, now, BATCH);
      for (const r of claimed) {
        await notifySlaAlert(tx, r.intervention_id, r.cible, percent);
        if (percent === 75) await emitSlaEvent(tx, 'sla.at_risk', r.intervention_id, r.cible);
      }
      notified[percent] = claimed.length;
    }
    const today = metricsToday(now);
    let contracts = 0;
    for (const days of [30, 60] as const) {
      const expiring = await claimExpiringContracts(tx, days, today, addDays(today, days));
      if (expiring.length > 0) await notifyContractExpiring(tx, expiring, days);
      contracts += expiring.length;
    }
    return { depasses, notified75: notified[75], notified100: notified[100], contracts };
  });
}
