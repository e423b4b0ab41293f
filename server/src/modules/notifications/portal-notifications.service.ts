import { seesClient, visibilityOf } from '@gmao/domain/auth/visibility';
import type { Statut } from '@gmao/domain/interventions/status';
import { MAIL_TEMPLATES } from '@gmao/domain/mail/mail-schemas';
import { PORTAL_MAIL } from '@gmao/domain/portal/portal-messages';
import { PORTAL_STATUT_OF } from '@gmao/domain/portal/portal-schemas';
import type { DbOrTx } from '../../db/database.ts';
import { appLink, companyName, enqueueEmail } from '../mail/mail.service.ts';
import { interventionForPortal, optedInPortalUsers } from './portal-notifications.repository.ts';

/**
 * E-mails to a client's portal users who opted in (issue 33), in the transaction of the change: their intervention
 * is planned, started, waiting for parts or finished (with the link to its signed bon on the portal). Only moves the
 * client can see are told (a pause and its resumption are one public status, EN_COURS); each recipient is checked
 * with the one visibility rule (seesClient), like every other read of a portal user.
 */
export async function notifyPortalUsers(tx: DbOrTx, interventionId: number, from: Statut | null, to?: Statut) {
  if (from !== null && to !== undefined && PORTAL_STATUT_OF[from] === PORTAL_STATUT_OF[to]) return;
  const i = await interventionForPortal(tx, interventionId);
  if (!i) return;
  // at creation (no `to`), the status it was created with
  const text = PORTAL_MAIL[PORTAL_STATUT_OF[to ?? i.statut] as keyof typeof PORTAL_MAIL];
  if (!text) return;
  const client = { id: i.client_id, sectionId: i.section_id };
  const people = (await optedInPortalUsers(tx, i.client_id)).filter((u) =>
    seesClient(visibilityOf({ sectionId: null, clientId: u.client_id }), client),
  );
  if (people.length === 0) return;
  const content = MAIL_TEMPLATES.portalIntervention(companyName(), {
    subject: text.subject(i.id),
    message: text.message(i.equipement, i.date),
    link: appLink(`/portail/interventions/${i.id}`),
  });
  for (const p of people) await enqueueEmail(tx, p.email, content);
}
