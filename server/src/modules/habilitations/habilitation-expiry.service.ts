import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { HABILITATION_MESSAGES as M } from '@gmao/domain/habilitations/symbols';
import type { Db } from '../../db/database.ts';
import { notifyHabilitationExpiring } from '../notifications/alert-notifications.service.ts';
import { emitHabilitationExpiring } from '../webhooks/webhooks.service.ts';
import { claimExpiringFitness, claimExpiringTitles, type ExpiryThreshold } from './habilitations.repository.ts';

const fr = (d: string) => d.split('-').reverse().join('/');
const THRESHOLDS: ExpiryThreshold[] = [0, 30, 90];

/**
 * Issue 34: the expiry notices, run by every instance (main.ts, hourly) like the SLA step — once each across instances
 * because each claim is a row-locked UPDATE of the notice markers, in the same transaction as the notifications (and
 * their e-mails on the job table) and the habilitation.expiring webhook events. 0 days first, so that a titre found
 * late gets the most urgent notice only. Returns how many were notified.
 */
export async function advanceHabilitationNotices(db: Db, now: Date = new Date()) {
  const today = metricsToday(now);
  return db.transaction(async (tx) => {
    let notified = 0;
    for (const seuil of THRESHOLDS) {
      for (const t of await claimExpiringTitles(tx, seuil, today)) {
        const what = M.titleWhat(t.attribut ? `${t.symbole} ${t.attribut}` : t.symbole, t.domaine);
        const message = M.expiryMessage(what, t.user_nom, fr(t.valide_jusqu_au), seuil, t.affectees_apres);
        await notifyHabilitationExpiring(tx, t.user_id, message);
        await emitHabilitationExpiring(tx, { objet: 'titre', seuil_jours: seuil, ...t });
        notified++;
      }
      for (const f of await claimExpiringFitness(tx, seuil, today)) {
        const message = M.expiryMessage(M.fitnessWhat, f.user_nom, fr(f.jusqu_au), seuil, 0);
        await notifyHabilitationExpiring(tx, f.user_id, message);
        await emitHabilitationExpiring(tx, { objet: 'aptitude_medicale', seuil_jours: seuil, ...f });
        notified++;
      }
    }
    return notified;
  });
}
