import type { SessionUser } from '@gmao/domain/auth/user';
import { makePagination } from '@gmao/domain/common/api';
import {
  DEFAULT_PREFERENCE,
  NOTIFICATION_EVENTS,
  NOTIFICATION_MESSAGES,
  type NotificationListQuery,
  type NotificationPreference,
} from '@gmao/domain/notifications/notification-schemas';
import type { Db } from '../../db/database.ts';
import { ListenHub } from '../../db/listen-hub.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
  NOTIFY_CHANNEL,
  preferenceRows,
  upsertPreference,
} from './notifications.repository.ts';

/* The user's own notifications (list, unread count, read), their preferences, and the live channel of new ones
   (notifications.service.ts writes them). */

export async function listMine(db: Db, user: SessionUser, q: NotificationListQuery) {
  const { rows, total } = await listNotifications(db, user.id, q);
  return { data: rows, pagination: makePagination(total, q.page, q.limit) };
}

export const unreadCount = (db: Db, user: SessionUser) => countUnread(db, user.id);

export async function readOne(db: Db, user: SessionUser, id: number) {
  if (!(await markRead(db, user.id, id))) throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
}

export const readAll = (db: Db, user: SessionUser) => markAllRead(db, user.id);

/** Every event with the user's choice or its default. */
export async function preferencesOf(db: Db, user: SessionUser): Promise<NotificationPreference[]> {
  const chosen = new Map((await preferenceRows(db, user.id)).map((r) => [r.event, r]));
  return NOTIFICATION_EVENTS.map((event) => {
    const c = chosen.get(event);
    return {
      event,
      in_app: c?.in_app ?? DEFAULT_PREFERENCE[event].in_app,
      email: c?.email ?? DEFAULT_PREFERENCE[event].email,
    };
  });
}

export async function savePreferences(db: Db, user: SessionUser, prefs: NotificationPreference[]) {
  await db.transaction(async (tx) => {
    for (const p of prefs) await upsertPreference(tx, user.id, p);
  });
  return preferencesOf(db, user);
}

/** This instance's listener of committed notifications (the stream route subscribes the open pages to it). */
export function createNotificationHub(connectionString: string, onError: (err: Error) => void) {
  return new ListenHub(connectionString, NOTIFY_CHANNEL, onError);
}

/** Session events (auth.service): the stream route ends a page's stream when its session no longer holds. */
export { createSessionHub, sessionStillAsOpened } from '../auth/auth.service.ts';
