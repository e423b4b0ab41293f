import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { roles, sections, users } from '../../db/schema.ts';

/** Writes of one's own account: self-registration, profile name, own password (administration is modules/users). */

export async function usernameExists(db: DbOrTx, username: string): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM users WHERE lower(username) = lower(${username})`);
  return rows.length > 0;
}

/** A section named like `nom` (case-insensitive), or null. */
export async function sectionIdByName(db: DbOrTx, nom: string): Promise<number | null> {
  const [row] = await db.select({ id: sections.id }).from(sections).where(sql`lower(${sections.nom}) = lower(${nom})`);
  return row?.id ?? null;
}

export async function roleIdByName(db: DbOrTx, nom: string): Promise<number | null> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.nom, nom));
  return row?.id ?? null;
}

/** A disabled account awaiting activation; undefined when the username was taken meanwhile. */
export async function insertPendingUser(
  db: DbOrTx,
  row: {
    nom: string;
    username: string;
    passwordHash: string;
    sectionId: number | null;
    requestedSection: string | null;
    roleId: number | null;
  },
) {
  const [created] = await db
    .insert(users)
    .values({ ...row, enabled: false })
    .onConflictDoNothing()
    .returning({ id: users.id, nom: users.nom, username: users.username });
  return created;
}

export async function updateNom(db: DbOrTx, userId: number, nom: string) {
  await db.update(users).set({ nom, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** The holder's own new password lifts the first-login obligation. */
export async function setOwnPassword(db: DbOrTx, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
