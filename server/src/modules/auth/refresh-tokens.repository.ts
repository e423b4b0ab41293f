import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { refreshTokens } from '../../db/schema.ts';

export const REFRESH_TOKEN_TTL_DAYS = 30;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Creates a refresh token (random, stored hashed) in the given family, or a new family. The family is the session:
 * access tokens carry its id (`sid`) and die with it.
 */
export async function issueRefreshToken(
  db: DbOrTx,
  userId: number,
  familyId: string = randomUUID(),
): Promise<{ token: string; familyId: string }> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(days => ${REFRESH_TOKEN_TTL_DAYS})`,
  });
  return { token, familyId };
}

export async function lockRefreshToken(db: DbOrTx, token: string) {
  const rows = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .for('update');
  return rows[0] ?? null;
}

export async function markReplaced(db: DbOrTx, id: number) {
  await db.update(refreshTokens).set({ replacedAt: sql`now()` }).where(eq(refreshTokens.id, id));
}

/**
 * Channel of the session-ended events: a JSON array of the user ids whose sessions were revoked or whose rights
 * changed, delivered at commit to every instance (the notification stream ends on it: modules/notifications).
 */
export const SESSION_CHANNEL = 'gmao_sessions';

/** Revokes the live tokens matching `where` and announces their users on SESSION_CHANNEL (nothing if none). */
async function revokeAndAnnounce(db: DbOrTx, where: SQL) {
  await db.execute(sql`
    WITH revoked AS (
      UPDATE refresh_tokens SET revoked_at = now() WHERE ${where} AND revoked_at IS NULL RETURNING user_id
    )
    SELECT pg_notify(${SESSION_CHANNEL}, json_agg(DISTINCT user_id)::text) FROM revoked HAVING count(*) > 0`);
}

/** Ends a session; with `userId`, only if the family is that user's (a family id read from an access token). */
export async function revokeFamily(db: DbOrTx, familyId: string, userId?: number) {
  await revokeAndAnnounce(
    db,
    userId === undefined
      ? sql`family_id = ${familyId}::uuid`
      : sql`family_id = ${familyId}::uuid AND user_id = ${userId}`,
  );
}

export async function revokeAllForUser(db: DbOrTx, userId: number) {
  await revokeAndAnnounce(db, sql`user_id = ${userId}`);
}

/**
 * The rights of a role's users changed (its permissions): announced on SESSION_CHANNEL without ending the sessions,
 * so that open streams re-read them. Chunks of 500 ids keep each payload far under PostgreSQL's 8,000 bytes.
 */
export async function announceRoleUsers(db: DbOrTx, roleId: number) {
  await db.execute(sql`
    SELECT pg_notify(${SESSION_CHANNEL}, json_agg(id)::text)
    FROM users WHERE role_id = ${roleId} AND deleted_at IS NULL GROUP BY id / 500`);
}
