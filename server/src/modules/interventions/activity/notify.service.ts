import type { SessionUser } from '@gmao/domain/auth/user';
import type { SendNotificationInput } from '@gmao/domain/notifications/notification-schemas';
import type { Db } from '../../../db/database.ts';
import { notifyChosenUsers } from '../../notifications/intervention-notifications.service.ts';
import { lockToAct } from '../access.ts';

/**
 * POST /interventions/{id}/notifications (spec §7): whoever may contribute to the intervention (comment rule) tells
 * chosen users about it with a message. Returns how many were notified (some may have turned the event off).
 */
export async function notifyAboutIntervention(db: Db, user: SessionUser, id: number, input: SendNotificationInput) {
  return db.transaction(async (tx) => {
    await lockToAct(tx, user, id, 'comment');
    return notifyChosenUsers(tx, user, id, input);
  });
}
