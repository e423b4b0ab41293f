import type {
  AppNotification,
  NotificationEvent,
  NotificationListQuery,
  NotificationType,
} from '@gmao/domain/notifications/notification-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { isOverdue, visible } from '../../db/predicates.ts';
import { ADMIN_ROLE_NAMES_SQL } from '../../db/user-sql.ts';

/** The channel every instance LISTENs on; the payload is the recipients' ids (notification-stream.ts). */
export const NOTIFY_CHANNEL = 'gmao_notifications';

const ids = (list: readonly number[]) =>
  sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  );

/** Enabled, not deleted users. */
const active = sql`u.enabled AND u.deleted_at IS NULL`;

/** Users whose role grants `module:action` (administrators hold every permission). */
function holds(permission: string): SQL {
  const [module, action] = permission.split(':');
  return sql`(r.nom IN (${ADMIN_ROLE_NAMES_SQL}) OR EXISTS (
    SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
    WHERE rp.role_id = u.role_id AND p.module = ${module} AND p.action = ${action}))`;
}

export async function administratorIds(db: DbOrTx): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE ${active} AND r.nom IN (${ADMIN_ROLE_NAMES_SQL})`,
  );
  return rows.map((r) => r.id);
}

export async function holderIds(db: DbOrTx, permission: string, sectionOf?: readonly number[]): Promise<number[]> {
  const section =
    sectionOf && sectionOf.length > 0
      ? sql`AND u.section_id IN (SELECT section_id FROM users WHERE id IN (${ids(sectionOf)}) AND section_id IS NOT NULL)`
      : sql``;
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE ${active} AND ${holds(permission)} ${section}`,
  );
  return rows.map((r) => r.id);
}

/** Of `candidates`, those who are active and hold `permission`. */
export async function activeHoldersAmong(db: DbOrTx, candidates: readonly number[], permission: string) {
  if (candidates.length === 0) return [];
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id
        WHERE u.id IN (${ids(candidates)}) AND ${active} AND ${holds(permission)}`,
  );
  return rows.map((r) => r.id);
}

export type InterventionSubjectRow = {
  id: number;
  equipement: string | null;
  client: string | null;
  urgence: boolean;
  creer_par: number | null;
  technician_id: number | null;
};

export async function interventionSubjectRow(db: DbOrTx, id: number): Promise<InterventionSubjectRow | null> {
  const { rows } = await db.execute<InterventionSubjectRow>(
    sql`SELECT i.id, e.nom AS equipement, c.nom_entreprise AS client, i.urgence, i.creer_par, i.technician_id
        FROM interventions i
        LEFT JOIN equipements e ON e.id = i.equipement_id
        LEFT JOIN clients c ON c.id = i.client_id
        WHERE i.id = ${id}`,
  );
  return rows[0] ?? null;
}

/** Of `userIds`, those who want `event` in the application (no preference row = `defaultInApp`). */
export async function wantingInApp(
  db: DbOrTx,
  userIds: readonly number[],
  event: NotificationEvent,
  defaultInApp: boolean,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.execute<{ id: number }>(
    sql`SELECT u.id FROM users u
        LEFT JOIN notification_preferences np ON np.user_id = u.id AND np.event = ${event}
        WHERE u.id IN (${ids(userIds)}) AND COALESCE(np.in_app, ${defaultInApp})`,
  );
  return rows.map((r) => r.id);
}

export interface NewNotification {
  type: NotificationType;
  event: NotificationEvent;
  title: string;
  message: string;
  interventionId: number | null;
  actorId: number | null;
}

/**
 * One row per recipient, then pg_notify in the same transaction: PostgreSQL delivers the notification to the
 * listeners only when (and if) the transaction commits.
 */
export async function insertNotifications(db: DbOrTx, recipients: readonly number[], n: NewNotification) {
  if (recipients.length === 0) return;
  await db.execute(
    sql`INSERT INTO notifications (user_id, type, event, title, message, intervention_id, actor_id)
        SELECT r, ${n.type}, ${n.event}, ${n.title.slice(0, 200)}, ${n.message}, ${n.interventionId}, ${n.actorId}
        FROM unnest(ARRAY[${ids(recipients)}]::int[]) AS r`,
  );
  await db.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(recipients)})`);
}

/**
 * Withdraws the still-unread in-app notifications one event sent moments ago (the undo of a status change, issue 30:
 * the move it announced did not stick); the streams of their recipients are told, as for a new one.
 */
export async function withdrawUnread(
  db: DbOrTx,
  n: { event: NotificationEvent; interventionId: number; actorId: number; title: string; message: string },
  withinSeconds: number,
) {
  const { rows } = await db.execute<{ user_id: number }>(
    sql`DELETE FROM notifications
        WHERE intervention_id = ${n.interventionId} AND event = ${n.event} AND actor_id = ${n.actorId}
          AND title = ${n.title.slice(0, 200)} AND message = ${n.message} AND read_at IS NULL
          AND created_at >= clock_timestamp() - make_interval(secs => ${withinSeconds})
        RETURNING user_id`,
  );
  const users = [...new Set(rows.map((r) => r.user_id))];
  if (users.length > 0) await db.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(users)})`);
}

type NotificationRow = {
  id: number;
  type: NotificationType;
  event: NotificationEvent;
  title: string;
  message: string;
  created_at: Date;
  read_at: Date | null;
  intervention_id: number | null;
  actor: string | null;
};

const toNotification = (r: NotificationRow): AppNotification => ({
  id: r.id,
  type: r.type,
  event: r.event,
  title: r.title,
  message: r.message,
  time: new Date(r.created_at).toISOString(),
  read: r.read_at !== null,
  interventionId: r.intervention_id,
  actor: r.actor,
});

function listWhere(userId: number, q: Pick<NotificationListQuery, 'unread' | 'type'>): SQL {
  const parts = [sql`n.user_id = ${userId}`];
  if (q.unread) parts.push(sql`n.read_at IS NULL`);
  if (q.type) parts.push(sql`n.type = ${q.type}`);
  return sql.join(parts, sql` AND `);
}

export async function listNotifications(db: DbOrTx, userId: number, q: NotificationListQuery) {
  const where = listWhere(userId, q);
  const [{ rows }, count] = await Promise.all([
    db.execute<NotificationRow>(
      sql`SELECT n.id, n.type, n.event, n.title, n.message, n.created_at, n.read_at, n.intervention_id, a.nom AS actor
          FROM notifications n LEFT JOIN users a ON a.id = n.actor_id
          WHERE ${where}
          ORDER BY n.created_at DESC, n.id DESC
          LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
    ),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM notifications n WHERE ${where}`),
  ]);
  return { rows: rows.map(toNotification), total: count.rows[0]?.total ?? 0 };
}

export async function countUnread(db: DbOrTx, userId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND read_at IS NULL`,
  );
  return rows[0]?.n ?? 0;
}

/** Marks one of the user's notifications read; false when it is not the user's (or does not exist). */
export async function markRead(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(
    sql`UPDATE notifications SET read_at = COALESCE(read_at, now())
        WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, userId: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`UPDATE notifications SET read_at = now() WHERE user_id = ${userId} AND read_at IS NULL RETURNING id`,
  );
  return rows.length;
}

export async function preferenceRows(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<{ event: NotificationEvent; in_app: boolean; email: boolean }>(
    sql`SELECT event, in_app, email FROM notification_preferences WHERE user_id = ${userId}`,
  );
  return rows;
}

export async function upsertPreference(
  db: DbOrTx,
  userId: number,
  p: { event: NotificationEvent; in_app: boolean; email: boolean },
) {
  await db.execute(
    sql`INSERT INTO notification_preferences (user_id, event, in_app, email)
        VALUES (${userId}, ${p.event}, ${p.in_app}, ${p.email})
        ON CONFLICT (user_id, event) DO UPDATE SET in_app = EXCLUDED.in_app, email = EXCLUDED.email`,
  );
}

/**
 * Overdue interventions not yet notified, marked in the same statement (each is claimed once, even with several
 * instances running the job at the same time: SKIP LOCKED + the marker).
 */
export async function claimNewlyOverdue(db: DbOrTx, today: string, limit = 500) {
  const { rows } = await db.execute<{ id: number }>(
    sql`UPDATE interventions SET overdue_notified_at = now()
        WHERE id IN (
          SELECT i.id FROM interventions i
          WHERE ${visible()} AND ${isOverdue(today)} AND i.overdue_notified_at IS NULL
          ORDER BY i.id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  return rows.map((r) => r.id);
}
