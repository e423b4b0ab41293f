import { NOTIFICATION_TEXTS } from '@gmao/domain/notifications/notification-schemas';
import type { DbOrTx } from '../../db/database.ts';
import { administratorIds } from './notifications.repository.ts';
import { notify } from './notifications.service.ts';

// The notifications about accounts, not about an intervention: both go to the administrators.

/** A self-registration waits for activation: the administrators. */
export async function notifyRegistrationPending(tx: DbOrTx, user: { id: number; nom: string; username: string }) {
  await notify(tx, {
    event: 'registration_pending',
    type: 'info',
    recipients: await administratorIds(tx),
    actorId: user.id,
    ...NOTIFICATION_TEXTS.registration(user.nom, user.username),
  });
}

/** A password was forgotten and no e-mail can carry a link: the administrators set a temporary one. */
export async function notifyPasswordResetRequested(tx: DbOrTx, user: { id: number; nom: string; username: string }) {
  await notify(tx, {
    event: 'password_reset_request',
    type: 'urgent',
    recipients: await administratorIds(tx),
    actorId: user.id,
    ...NOTIFICATION_TEXTS.passwordReset(user.nom, user.username),
  });
}
