import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
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

/** Ends a session; with `userId`, only if the family is that user's (a family id read from an access token). */
export async function revokeFamily(db: DbOrTx, familyId: string, userId?: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
        userId === undefined ? undefined : eq(refreshTokens.userId, userId),
      ),
    );
}

export async function revokeAllForUser(db: DbOrTx, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
