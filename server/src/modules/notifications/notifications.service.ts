import {
  DEFAULT_PREFERENCE,
  interventionDeepLink,
  interventionSubject,
  type NotificationEvent,
  type NotificationType,
} from '@gmao/domain/notifications/notification-schemas';
import type { DbOrTx } from '../../db/database.ts';
import { usersSeeingIntervention } from '../../db/visibility.ts';
import { enqueueNotificationEmails } from '../mail/mail.service.ts';
import {
  type InterventionSubjectRow,
  insertNotifications,
  interventionSubjectRow,
  wantingInApp,
} from './notifications.repository.ts';

// The one way a notification is written, kept apart from the events so that every event, whichever file tells it
// (intervention-, alert-, account-notifications.service.ts), goes through the same delivery rules.

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

/** The intervention an event is about and its one-line subject (null when it no longer exists). */
export async function subjectOf(tx: DbOrTx, id: number): Promise<{ row: InterventionSubjectRow; what: string } | null> {
  const row = await interventionSubjectRow(tx, id);
  return row ? { row, what: interventionSubject(row) } : null;
}
