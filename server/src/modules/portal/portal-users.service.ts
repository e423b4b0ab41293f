import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@gmao/domain/auth/user';
import { PORTAL_MESSAGES as M } from '@gmao/domain/portal/portal-messages';
import type { PortalUser, PortalUserCreate } from '@gmao/domain/portal/portal-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { endAllSessions } from '../auth/auth.service.ts';
import { sendPortalInvitation } from '../auth/password-reset.service.ts';
import { mailConfigured } from '../mail/mail.service.ts';
import * as repo from './portal-users.repository.ts';

/**
 * Client portal accounts (issue 33), managed from the client's page (permission clients:update). Two ways in:
 * an invitation (e-mail → the password-reset machinery's single-use link, valid 7 days) or an initial password an
 * administrator chooses (must be changed at the first login). Deleting one disables it at once (sessions revoked);
 * deleting the client does the same to all of them (disablePortalUsersOfClient, in the client's transaction).
 */

export async function listPortalUsers(db: Db, clientId: number): Promise<PortalUser[]> {
  if (!(await repo.clientExists(db, clientId))) throw new AppError('NOT_FOUND', M.clientNotFound);
  return repo.listPortalUsers(db, clientId);
}

export async function createPortalUser(
  db: Db,
  actor: SessionUser,
  clientId: number,
  input: PortalUserCreate,
): Promise<PortalUser & { invitation_envoyee: boolean }> {
  const invite = !('password' in input);
  const username = 'username' in input ? input.username : input.email;
  if (!invite) assertPasswordAllowed(input.password, { username, field: 'password' });
  // An invited account's password is random and never told: the link sets the real one.
  const passwordHash = await hashPassword(invite ? randomBytes(32).toString('base64url') : input.password);
  if (invite && !(await mailConfigured(db))) {
    throw new AppError('BUSINESS_RULE', M.mailNotConfigured, [{ field: 'email', msg: M.mailNotConfigured }]);
  }
  try {
    return await db.transaction(async (tx) => {
      const entreprise = await repo.lockClient(tx, clientId);
      if (entreprise === null) throw new AppError('NOT_FOUND', M.clientNotFound);
      const id = await repo.insertPortalUser(tx, {
        clientId,
        nom: input.nom,
        username,
        email: input.email,
        passwordHash,
        droit: input.droit,
        notifications: input.notifications,
        mustChangePassword: !invite,
      });
      let sent = false;
      if (invite && input.email) {
        sent = await sendPortalInvitation(tx, { id, nom: input.nom, email: input.email }, entreprise);
        if (!sent) throw new AppError('BUSINESS_RULE', M.mailNotConfigured);
      }
      await recordAudit(tx, {
        action: 'portal_user.create',
        entityType: 'user',
        entityId: id,
        summary: `Accès au portail de « ${entreprise} » pour « ${input.nom} » (${input.droit}) par ${actor.username}`,
        after: { clientId, nom: input.nom, username, email: input.email, droit: input.droit },
      });
      const created = await repo.findPortalUser(tx, clientId, id);
      return { ...created!, invitation_envoyee: sent };
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') {
      throw new AppError('CONFLICT', M.usernameTaken, [{ field: invite ? 'email' : 'username', msg: M.usernameTaken }]);
    }
    throw err;
  }
}

export async function removePortalUser(db: Db, clientId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await repo.findPortalUser(tx, clientId, id);
    if (!user) throw new AppError('NOT_FOUND', M.userNotFound);
    await repo.softDeletePortalUsers(tx, clientId, id);
    await endAllSessions(tx, id);
    await recordAudit(tx, {
      action: 'portal_user.delete',
      entityType: 'user',
      entityId: id,
      summary: `Accès au portail retiré à « ${user.nom} »`,
      before: user,
    });
  });
}

/** The client is being deleted (its transaction): every portal account of it is disabled and its sessions end. */
export async function disablePortalUsersOfClient(tx: DbOrTx, clientId: number): Promise<void> {
  for (const id of await repo.softDeletePortalUsers(tx, clientId)) await endAllSessions(tx, id);
}
