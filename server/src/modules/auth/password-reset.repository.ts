import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

export type ResettableUser = {
  id: number;
  nom: string;
  username: string;
  email: string | null;
};

/** An enabled account by username or e-mail (either, case-insensitive). */
export async function findByLogin(db: DbOrTx, identifier: string): Promise<ResettableUser | null> {
  const { rows } = await db.execute<ResettableUser>(
    sql`SELECT id, nom, username, email FROM users
        WHERE (lower(username) = lower(${identifier}) OR lower(email) = lower(${identifier}))
          AND enabled AND deleted_at IS NULL
        ORDER BY (lower(username) = lower(${identifier})) DESC LIMIT 1`,
  );
  return rows[0] ?? null;
}

export async function insertResetToken(db: DbOrTx, userId: number, tokenHash: string, minutes: number) {
  await db.execute(
    sql`INSERT INTO password_reset_tokens (user_id, token_hash, expires_at)
        VALUES (${userId}, ${tokenHash}, now() + make_interval(mins => ${minutes}))`,
  );
}

/** The token's row, locked, when it is unused, unexpired and its account still enabled. */
export async function lockUsableToken(db: DbOrTx, tokenHash: string) {
  const { rows } = await db.execute<{ id: number; user_id: number; username: string }>(
    sql`SELECT t.id, t.user_id, u.username FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = ${tokenHash} AND t.used_at IS NULL AND t.expires_at > now()
          AND u.enabled AND u.deleted_at IS NULL
        FOR UPDATE OF t`,
  );
  return rows[0] ?? null;
}

/** Uses the token, and every other unused link of the same account with it. */
export async function useTokens(db: DbOrTx, userId: number) {
  await db.execute(sql`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = ${userId} AND used_at IS NULL`);
}
