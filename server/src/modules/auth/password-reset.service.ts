import { createHash, randomBytes } from 'node:crypto';
import {
  type ForgotPasswordInput,
  PASSWORD_RESET_MESSAGES,
  RESET_LINK_MINUTES,
  type ResetPasswordInput,
} from '@gmao/domain/auth/password-reset';
import { MAIL_TEMPLATES } from '@gmao/domain/mail/mail-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { appLink, companyName, enqueueEmail } from '../mail/mail.service.ts';
import { notifyPasswordResetRequested } from '../notifications/account-notifications.service.ts';
import { setOwnPassword } from './accounts.repository.ts';
import { findByLogin, insertResetToken, lockUsableToken, useTokens } from './password-reset.repository.ts';
import { revokeAllForUser } from './refresh-tokens.repository.ts';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * POST /auth/forgot-password. Whatever the identifier names (an account with an address, one without, or nothing),
 * the caller gets the same answer; the work done differs by a few inserts only (documented bound: SECURITY.md).
 * With an address and a configured SMTP server, a single-use link valid 30 minutes is e-mailed; otherwise the
 * administrators are notified and set a temporary password, which must be changed at the next login.
 */
export async function requestPasswordReset(db: Db, input: ForgotPasswordInput) {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = sha256(token);
  await db.transaction(async (tx) => {
    const user = await findByLogin(tx, input.identifier);
    await recordAudit(tx, {
      action: 'auth.password_reset_requested',
      entityType: 'user',
      entityId: user?.id ?? null,
      actor: { id: user?.id ?? null, username: input.identifier.slice(0, 100) },
      summary: `Mot de passe oublié demandé pour « ${input.identifier.slice(0, 100)} »${user ? '' : ' (aucun compte)'}`,
    });
    if (!user) return;
    if (user.email) {
      await insertResetToken(tx, user.id, tokenHash, RESET_LINK_MINUTES);
      const link = appLink(`/reset-password?token=${token}`);
      const content = MAIL_TEMPLATES.passwordReset(companyName(), { nom: user.nom, link, minutes: RESET_LINK_MINUTES });
      if (await enqueueEmail(tx, user.email, content)) return;
      await useTokens(tx, user.id); // no mail can carry it: the link must not stay usable
    }
    await notifyPasswordResetRequested(tx, user);
  });
  return { message: PASSWORD_RESET_MESSAGES.requested };
}

/** POST /auth/reset-password: once, within 30 minutes; every session of the account ends. */
export async function resetPassword(db: Db, input: ResetPasswordInput) {
  const invalid = () =>
    new AppError('BAD_REQUEST', PASSWORD_RESET_MESSAGES.invalidLink, [
      { field: 'token', msg: PASSWORD_RESET_MESSAGES.invalidLink },
    ]);
  const tokenHash = sha256(input.token);
  const peek = await db.transaction(async (tx) => lockUsableToken(tx, tokenHash));
  if (!peek) throw invalid();
  assertPasswordAllowed(input.password, { username: peek.username, field: 'password' });
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const row = await lockUsableToken(tx, tokenHash); // again, under the lock: a concurrent use wins once
    if (!row) throw invalid();
    await useTokens(tx, row.user_id);
    await setOwnPassword(tx, row.user_id, passwordHash);
    await revokeAllForUser(tx, row.user_id);
    await recordAudit(tx, {
      action: 'auth.password_reset',
      entityType: 'user',
      entityId: row.user_id,
      actor: { id: row.user_id, username: row.username },
      summary: `Mot de passe de « ${row.username} » réinitialisé par lien ; toutes ses sessions sont fermées`,
    });
  });
  return { message: PASSWORD_RESET_MESSAGES.done };
}

/** How long a portal invitation's link stays usable (issue 33): the client may open it days later. */
export const INVITE_LINK_DAYS = 7;

/**
 * A client portal invitation (issue 33), in the caller's transaction: the password-reset machinery's single-use link
 * (same table, same page /reset-password, same one-time use), valid INVITE_LINK_DAYS, e-mailed to the new account.
 * False (and no usable link left) when no SMTP server can carry it.
 */
export async function sendPortalInvitation(
  tx: DbOrTx,
  user: { id: number; nom: string; email: string },
  entreprise: string,
): Promise<boolean> {
  const token = randomBytes(32).toString('base64url');
  await insertResetToken(tx, user.id, sha256(token), INVITE_LINK_DAYS * 24 * 60);
  const link = appLink(`/reset-password?token=${token}`);
  const content = MAIL_TEMPLATES.portalInvite(companyName(), {
    nom: user.nom,
    entreprise,
    link,
    days: INVITE_LINK_DAYS,
  });
  if (await enqueueEmail(tx, user.email, content)) return true;
  await useTokens(tx, user.id);
  return false;
}
