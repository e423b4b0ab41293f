import type { NotificationEvent } from '@gmao/domain/notifications/notification-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

export interface StoredSmtp {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  from: string;
  /** Absent in settings saved before issue 29: the certificate is verified. */
  allowUnverifiedCertificate?: boolean;
}

export async function readSetting<T>(db: DbOrTx, key: string): Promise<T | null> {
  const { rows } = await db.execute<{ value: T }>(sql`SELECT value FROM app_settings WHERE key = ${key}`);
  return rows[0]?.value ?? null;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown) {
  await db.execute(
    sql`INSERT INTO app_settings (key, value, updated_at) VALUES (${key}, ${JSON.stringify(value)}::jsonb, now())
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
  );
}

/** Of `userIds`, the active ones with an address who want `event` by e-mail (no preference row = `byDefault`). */
export async function emailRecipients(
  db: DbOrTx,
  userIds: readonly number[],
  event: NotificationEvent,
  byDefault: boolean,
) {
  if (userIds.length === 0) return [];
  const list = sql.join(
    userIds.map((i) => sql`${i}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ id: number; email: string }>(
    sql`SELECT u.id, u.email FROM users u
        LEFT JOIN notification_preferences np ON np.user_id = u.id AND np.event = ${event}
        WHERE u.id IN (${list}) AND u.email IS NOT NULL AND u.enabled AND u.deleted_at IS NULL
          AND COALESCE(np.email, ${byDefault})`,
  );
  return rows;
}
