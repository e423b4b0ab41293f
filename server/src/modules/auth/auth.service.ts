import type { RegisterPayload } from '@gmao/domain/auth/auth-schemas';
import type { LoginInput } from '@gmao/domain/auth/login-schema';
import type { SessionUser } from '@gmao/domain/auth/user';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import type { Db, DbOrTx } from '../../db/database.ts';
import { ListenHub } from '../../db/listen-hub.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notifyRegistrationPending } from '../notifications/account-notifications.service.ts';
import * as accounts from './accounts.repository.ts';
import {
  announceRoleUsers,
  issueRefreshToken,
  lockRefreshToken,
  markReplaced,
  revokeAllForUser,
  revokeFamily,
  SESSION_CHANNEL,
} from './refresh-tokens.repository.ts';
import {
  findLoginCandidate,
  findPasswordHash,
  findSessionUser,
  findSessionUserInSession,
} from './session-user.repository.ts';

/** Signs an access token bound to its session (the refresh-token family). */
export type SignAccessToken = (user: SessionUser, sessionId: string) => string;

/** The role given to self-registered accounts until an administrator changes it. */
export const REGISTRATION_ROLE = 'Consultation';

export async function login(db: Db, sign: SignAccessToken, input: LoginInput) {
  const candidate = await findLoginCandidate(db, input.username);
  const failed = async (userId: number | null) => {
    await recordAudit(db, {
      action: 'auth.login_failed',
      entityType: 'user',
      entityId: userId,
      actor: { id: userId, username: input.username.slice(0, 100) },
      summary: userId ? 'Mot de passe incorrect' : 'Utilisateur inconnu',
    });
    return new AppError('UNAUTHORIZED', SERVER_MESSAGES.invalidCredentials);
  };
  if (!candidate) {
    await verifyAgainstDummy(input.password);
    throw await failed(null);
  }
  if (!(await verifyPassword(candidate.passwordHash, input.password))) throw await failed(candidate.user.id);
  // Only a holder of the right password learns that the account awaits activation.
  if (!candidate.enabled) throw new AppError('FORBIDDEN', SERVER_MESSAGES.accountDisabled);
  const { id, username } = candidate.user;
  const session = await db.transaction(async (tx) => {
    await recordAudit(tx, { action: 'auth.login', entityType: 'user', entityId: id, actor: { id, username } });
    return issueRefreshToken(tx, id);
  });
  return { token: sign(candidate.user, session.familyId), refreshToken: session.token, user: candidate.user };
}

export async function register(db: Db, input: RegisterPayload) {
  assertPasswordAllowed(input.password, { username: input.username, field: 'password' });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await accounts.usernameExists(tx, input.username)) {
      throw new AppError('CONFLICT', SERVER_MESSAGES.usernameTaken, [
        { field: 'username', msg: SERVER_MESSAGES.usernameTaken },
      ]);
    }
    const sectionName = input.section?.trim() || null;
    const sectionId = sectionName ? await accounts.sectionIdByName(tx, sectionName) : null;
    const created = await accounts.insertPendingUser(tx, {
      nom: input.nom,
      username: input.username,
      passwordHash,
      sectionId,
      requestedSection: sectionId === null ? sectionName : null,
      roleId: await accounts.roleIdByName(tx, REGISTRATION_ROLE),
    });
    if (!created) throw new AppError('CONFLICT', SERVER_MESSAGES.usernameTaken);
    await recordAudit(tx, {
      action: 'auth.register',
      entityType: 'user',
      entityId: created.id,
      actor: { id: null, username: created.username },
      summary: `Demande d'accès de « ${created.username} »`,
      after: { nom: created.nom, username: created.username, section: sectionName },
    });
    await notifyRegistrationPending(tx, created);
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
    const session = await issueRefreshToken(tx, user.id, row.familyId);
    return { ok: true as const, user, session };
  });
  if (!outcome.ok) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.invalidRefreshToken);
  const { user, session } = outcome;
  return { token: sign(user, session.familyId), refreshToken: session.token, user };
}

/**
 * Ends the session of the refresh token and/or of the presented access token (its `sid`, verified by the caller),
 * so that both stop working at once.
 */
export async function logout(
  db: Db,
  refreshToken: string | undefined,
  accessSession?: { userId: number; sid: string },
) {
  await db.transaction(async (tx) => {
    const row = refreshToken ? await lockRefreshToken(tx, refreshToken) : null;
    if (row) await revokeFamily(tx, row.familyId);
    if (accessSession) await revokeFamily(tx, accessSession.sid, accessSession.userId);
    const userId = accessSession?.userId ?? row?.userId;
    if (userId)
      await recordAudit(tx, {
        action: 'auth.logout',
        entityType: 'user',
        entityId: userId,
        actor: { id: userId, username: null },
      });
  });
}

export async function updateProfile(db: Db, user: SessionUser, input: { nom: string }) {
  if (user.mustChangePassword) throw new AppError('FORBIDDEN', SERVER_MESSAGES.passwordChangeRequired);
  await accounts.updateNom(db, user.id, input.nom);
  return (await findSessionUser(db, user.id))!;
}

/** The current-password check of a password change (counted by the route with the login throttle). */
export async function currentPasswordMatches(db: Db, user: SessionUser, password: string): Promise<boolean> {
  const currentHash = await findPasswordHash(db, user.id);
  if (!currentHash) {
    await verifyAgainstDummy(password);
    return false;
  }
  return verifyPassword(currentHash, password);
}

/**
 * A wrong current password: audited every time; once the account's limit is reached (`limitReached`), the session
 * that was guessing ends too (its next request gets 401), so that a stolen session cannot go on probing.
 */
export async function refuseCurrentPassword(
  db: Db,
  user: SessionUser,
  sessionId: string,
  limitReached: boolean,
): Promise<AppError> {
  await db.transaction(async (tx) => {
    if (limitReached) await revokeFamily(tx, sessionId, user.id);
    await recordAudit(tx, {
      action: 'auth.password_check_failed',
      entityType: 'user',
      entityId: user.id,
      actor: { id: user.id, username: user.username },
      summary: limitReached
        ? 'Mot de passe actuel incorrect (changement de mot de passe) ; limite atteinte, session fermée'
        : 'Mot de passe actuel incorrect (changement de mot de passe)',
    });
  });
  if (limitReached) return new AppError('UNAUTHORIZED', SERVER_MESSAGES.passwordCheckSessionEnded);
  return new AppError('BAD_REQUEST', SERVER_MESSAGES.wrongCurrentPassword, [
    { field: 'currentPassword', msg: SERVER_MESSAGES.wrongCurrentPassword },
  ]);
}

/**
 * Changes the password (the current one was checked by `currentPasswordMatches`) after the policy; every session of
 * the account ends (the caller's too: it receives a new one) and the first-login obligation is lifted.
 */
export async function changePassword(
  db: Db,
  sign: SignAccessToken,
  user: SessionUser,
  input: { currentPassword: string; newPassword: string },
) {
  assertPasswordAllowed(input.newPassword, { username: user.username, field: 'newPassword' });
  const passwordHash = await hashPassword(input.newPassword);
  const session = await db.transaction(async (tx) => {
    await accounts.setOwnPassword(tx, user.id, passwordHash);
    await revokeAllForUser(tx, user.id);
    await recordAudit(tx, {
      action: 'auth.password_changed',
      entityType: 'user',
      entityId: user.id,
      summary: 'Mot de passe changé par son titulaire',
    });
    return issueRefreshToken(tx, user.id);
  });
  const updated = { ...user, mustChangePassword: false };
  return { token: sign(updated, session.familyId), refreshToken: session.token, user: updated };
}

/**
 * The user of an access token while its session (refresh-token family `sessionId`) is live; null once logged out,
 * disabled, deleted or revoked; with the list cache's version as of this read. The auth plugin calls it on every
 * authenticated request.
 */
export function sessionUser(db: DbOrTx, userId: number, sessionId: string) {
  return findSessionUserInSession(db, userId, sessionId);
}

/** Ends every session of the account (disabling, a role change, a new password, deletion). */
export function endAllSessions(tx: DbOrTx, userId: number) {
  return revokeAllForUser(tx, userId);
}

/** The role's permissions or name changed: its users' open streams are told at commit (SESSION_CHANNEL). */
export function announceRightsChanged(tx: DbOrTx, roleId: number) {
  return announceRoleUsers(tx, roleId);
}

/**
 * This instance's listener of session events (a session revoked, an account disabled, deleted, its role or password
 * changed, a role's permissions changed): a JSON array of user ids at each commit, from any instance.
 */
export function createSessionHub(connectionString: string, onError: (err: Error) => void) {
  return new ListenHub(connectionString, SESSION_CHANNEL, onError);
}

/**
 * Whether a session still holds as it was when `opened` was read: live, the account enabled, the same role, section
 * and permissions. A stream opened with it ends otherwise (the client reconnects and reads the new rights).
 */
export async function sessionStillAsOpened(db: DbOrTx, opened: SessionUser, sessionId: string): Promise<boolean> {
  const now = await findSessionUserInSession(db, opened.id, sessionId);
  if (!now) return false;
  const rights = (u: SessionUser) =>
    JSON.stringify([
      u.role,
      u.roleId,
      u.sectionId ?? null,
      [...u.permissions].sort(),
      !!u.mustChangePassword,
      !!u.limitedToSections,
    ]);
  return rights(now.user) === rights(opened);
}
