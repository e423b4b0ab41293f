import type { LoginInput, RegisterPayload } from '@gmao/domain/auth/auth-schemas';
import type { SessionUser } from '@gmao/domain/auth/user';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { roles, sections, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import {
  issueRefreshToken,
  lockRefreshToken,
  markReplaced,
  revokeAllForUser,
  revokeFamily,
} from './refresh-tokens.repository.ts';
import { findLoginCandidate, findPasswordHash, findSessionUser } from './session-user.repository.ts';

export type SignAccessToken = (user: SessionUser) => string;

/** The role given to self-registered accounts until an administrator changes it. */
export const REGISTRATION_ROLE = 'Consultation';

export async function login(db: Db, sign: SignAccessToken, input: LoginInput) {
  const candidate = await findLoginCandidate(db, input.username);
  if (!candidate) {
    await verifyAgainstDummy(input.password);
    throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.invalidCredentials);
  }
  if (!(await verifyPassword(candidate.passwordHash, input.password))) {
    throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.invalidCredentials);
  }
  // Only a holder of the right password learns that the account awaits activation.
  if (!candidate.enabled) throw new AppError('FORBIDDEN', SERVER_MESSAGES.accountDisabled);
  const refreshToken = await issueRefreshToken(db, candidate.user.id);
  return { token: sign(candidate.user), refreshToken, user: candidate.user };
}

export async function register(db: Db, input: RegisterPayload) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const taken = await tx.execute(sql`SELECT 1 FROM users WHERE lower(username) = lower(${input.username})`);
    if (taken.rows.length > 0) {
      throw new AppError('CONFLICT', SERVER_MESSAGES.usernameTaken, [
        { field: 'username', msg: SERVER_MESSAGES.usernameTaken },
      ]);
    }
    const sectionName = input.section?.trim() || null;
    const [section] = sectionName
      ? await tx.select({ id: sections.id }).from(sections).where(sql`lower(${sections.nom}) = lower(${sectionName})`)
      : [];
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.nom, REGISTRATION_ROLE));
    const [created] = await tx
      .insert(users)
      .values({
        nom: input.nom,
        username: input.username,
        passwordHash,
        sectionId: section?.id ?? null,
        requestedSection: section ? null : sectionName,
        roleId: role?.id ?? null,
        enabled: false,
      })
      .onConflictDoNothing()
      .returning({ id: users.id, nom: users.nom, username: users.username });
    if (!created) throw new AppError('CONFLICT', SERVER_MESSAGES.usernameTaken);
    return { id: created.id, nom: created.nom, username: created.username, enabled: false };
  });
}

/** Rotates a refresh token; presenting an already-rotated token revokes its whole family (theft detection). */
export async function refresh(db: Db, sign: SignAccessToken, token: string) {
  const outcome = await db.transaction(async (tx) => {
    const row = await lockRefreshToken(tx, token);
    if (!row || row.revokedAt) return { ok: false as const };
    if (row.replacedAt) {
      await revokeFamily(tx, row.familyId);
      return { ok: false as const };
    }
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false as const };
    const user = await findSessionUser(tx, row.userId);
    if (!user) {
      await revokeFamily(tx, row.familyId);
      return { ok: false as const };
    }
    await markReplaced(tx, row.id);
    const refreshToken = await issueRefreshToken(tx, user.id, row.familyId);
    return { ok: true as const, user, refreshToken };
  });
  if (!outcome.ok) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.invalidRefreshToken);
  return { token: sign(outcome.user), refreshToken: outcome.refreshToken, user: outcome.user };
}

export async function logout(db: Db, refreshToken: string | undefined) {
  if (!refreshToken) return;
  await db.transaction(async (tx) => {
    const row = await lockRefreshToken(tx, refreshToken);
    if (row) await revokeFamily(tx, row.familyId);
  });
}

export async function updateProfile(db: Db, user: SessionUser, input: { nom: string }) {
  await db.update(users).set({ nom: input.nom, updatedAt: sql`now()` }).where(eq(users.id, user.id));
  return (await findSessionUser(db, user.id))!;
}

/** Changes the password after checking the current one; every other session is signed out. */
export async function changePassword(
  db: Db,
  sign: SignAccessToken,
  user: SessionUser,
  input: { currentPassword: string; newPassword: string },
) {
  const currentHash = await findPasswordHash(db, user.id);
  if (!currentHash || !(await verifyPassword(currentHash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', SERVER_MESSAGES.wrongCurrentPassword, [
      { field: 'currentPassword', msg: SERVER_MESSAGES.wrongCurrentPassword },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const refreshToken = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await revokeAllForUser(tx, user.id);
    return issueRefreshToken(tx, user.id);
  });
  return { token: sign(user), refreshToken, user };
}
