import type { SessionUser } from '@gmao/domain/auth/user';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { USER_ADMIN_MESSAGES as M, USER_FORM_MESSAGES } from '@gmao/domain/users/messages';
import type { userActivateSchema, userCreateSchema, userUpdateSchema } from '@gmao/domain/users/user-schemas';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { endAllSessions } from '../auth/auth.service.ts';
import * as repo from './users.repository.ts';

type CreateInput = z.output<typeof userCreateSchema>;
type UpdateInput = z.output<typeof userUpdateSchema>;
type ActivateInput = z.output<typeof userActivateSchema>;

const usernameConflict = () =>
  new AppError('CONFLICT', SERVER_MESSAGES.usernameTaken, [{ field: 'username', msg: SERVER_MESSAGES.usernameTaken }]);

/**
 * Database constraint failures a concurrent write can still cause after our checks (the same username created
 * twice at once; a role or section deleted meanwhile), turned into the same answers as the checks give.
 */
function constraintError(err: unknown): AppError | null {
  const pgErr =
    (err as { cause?: { code?: string; constraint?: string } })?.cause ??
    (err as { code?: string; constraint?: string });
  if (pgErr?.code === '23505' && pgErr.constraint?.includes('email'))
    return new AppError('CONFLICT', USER_FORM_MESSAGES.emailTaken, [
      { field: 'email', msg: USER_FORM_MESSAGES.emailTaken },
    ]);
  if (pgErr?.code === '23505') return usernameConflict();
  if (pgErr?.code !== '23503') return null;
  if (pgErr.constraint?.includes('role'))
    return new AppError('BAD_REQUEST', M.unknownRole, [{ field: 'role_id', msg: M.unknownRole }]);
  if (pgErr.constraint?.includes('section')) {
    return new AppError('BAD_REQUEST', M.unknownSection, [{ field: 'section_id', msg: M.unknownSection }]);
  }
  return null;
}

async function checkReferences(db: DbOrTx, roleId: number | undefined, sectionId: number | null | undefined) {
  const role = roleId === undefined ? null : await repo.findRole(db, roleId);
  if (roleId !== undefined && !role) {
    throw new AppError('BAD_REQUEST', M.unknownRole, [{ field: 'role_id', msg: M.unknownRole }]);
  }
  if (sectionId != null && !(await repo.sectionExists(db, sectionId))) {
    throw new AppError('BAD_REQUEST', M.unknownSection, [{ field: 'section_id', msg: M.unknownSection }]);
  }
  return role;
}

/** One page of the users list (GET /users). */
export function listUsers(db: Db, filters: repo.UserFilters, page: number, limit: number) {
  return repo.listUsers(db, filters, page, limit);
}

export async function getUser(db: Db, id: number) {
  const user = await repo.findAdminUser(db, id);
  if (!user) throw new AppError('NOT_FOUND', M.notFound);
  return user;
}

/** Creates an account; the password the administrator chose must be changed at its first login. */
export async function createUser(db: Db, input: CreateInput) {
  assertPasswordAllowed(input.password, { username: input.username, field: 'password' });
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (tx) => {
      await checkReferences(tx, input.role_id, input.section_id);
      if (await repo.usernameTaken(tx, input.username)) throw usernameConflict();
      const row = await repo.insertUser(tx, {
        nom: input.nom,
        username: input.username,
        passwordHash,
        email: input.email ?? null,
        roleId: input.role_id,
        sectionId: input.section_id ?? null,
        enabled: input.enabled,
        mustChangePassword: true,
      });
      await recordAudit(tx, {
        action: 'user.create',
        entityId: row.id,
        summary: `Utilisateur « ${input.username} » créé`,
        after: {
          nom: input.nom,
          username: input.username,
          role_id: input.role_id,
          section_id: input.section_id ?? null,
          enabled: input.enabled,
        },
      });
      return row.id;
    });
    return getUser(db, id);
  } catch (err) {
    throw constraintError(err) ?? err;
  }
}

/**
 * Updates a user. Rules: nobody disables their own account; the last enabled administrator can be neither
 * disabled nor demoted; disabling, a role change or a new password end every session of the account (its refresh
 * tokens are revoked and the per-request session check refuses its access tokens at once). A password set for
 * someone else must be changed at their next login.
 */
export async function updateUser(
  db: Db,
  actor: SessionUser,
  id: number,
  input: UpdateInput,
  auditAction: 'user.update' | 'user.activate' = 'user.update',
) {
  if (input.password) assertPasswordAllowed(input.password, { field: 'password' }); // before hashing; username below
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await db
    .transaction(async (tx) => {
      await repo.lockAdminGuard(tx);
      const target = await repo.lockUser(tx, id);
      if (!target) throw new AppError('NOT_FOUND', M.notFound);
      if (input.password) assertPasswordAllowed(input.password, { username: target.username, field: 'password' });
      const role = await checkReferences(tx, input.role_id, input.section_id);
      const enabled = input.enabled ?? target.enabled;
      if (!enabled && target.enabled && target.id === actor.id) throw new AppError('FORBIDDEN', M.cannotDisableSelf);
      const staysAdmin = role ? role.isAdmin : target.is_admin;
      if (target.enabled && target.is_admin && (!enabled || !staysAdmin)) {
        if ((await repo.countOtherEnabledAdmins(tx, id)) === 0) {
          throw new AppError('BUSINESS_RULE', enabled ? M.lastAdminDemote : M.lastAdminDisable);
        }
      }
      const sectionId = input.section_id === undefined ? target.section_id : input.section_id;
      if (sectionId !== target.section_id) await repo.clearResponsibility(tx, id, sectionId);
      await repo.updateUserRow(tx, id, {
        nom: input.nom,
        email: input.email,
        roleId: input.role_id,
        sectionId,
        enabled,
        // once enabled, an account is no longer a pending self-registration
        activated: enabled || target.enabled,
        ...(passwordHash ? { passwordHash, mustChangePassword: target.id !== actor.id } : {}),
      });
      const roleChanged = input.role_id !== undefined && input.role_id !== target.role_id;
      if ((target.enabled && !enabled) || passwordHash || roleChanged) await endAllSessions(tx, id);
      await recordAudit(tx, {
        action: auditAction,
        entityId: id,
        summary: `Utilisateur « ${target.username} » ${auditAction === 'user.activate' ? 'activé' : 'modifié'}${passwordHash ? ' (nouveau mot de passe)' : ''}`,
        before: { nom: target.nom, role_id: target.role_id, section_id: target.section_id, enabled: target.enabled },
        after: { nom: input.nom, role_id: input.role_id ?? target.role_id, section_id: sectionId, enabled },
      });
    })
    .catch((err: unknown) => {
      throw constraintError(err) ?? err;
    });
  return getUser(db, id);
}

/** Enables a (self-registered) account, optionally assigning its role and section in the same write. */
export async function activateUser(db: Db, actor: SessionUser, id: number, input: ActivateInput) {
  const current = await getUser(db, id);
  const roleId = input.role_id ?? current.role_id;
  if (roleId === null) {
    throw new AppError('BAD_REQUEST', USER_FORM_MESSAGES.roleRequired, [
      { field: 'role_id', msg: USER_FORM_MESSAGES.roleRequired },
    ]);
  }
  return updateUser(
    db,
    actor,
    id,
    {
      nom: current.nom,
      role_id: roleId,
      section_id: input.section_id === undefined ? current.section_id : input.section_id,
      enabled: true,
      password: undefined,
    },
    'user.activate',
  );
}

/** Soft-deletes a user (see repository): nobody deletes their own account, nor the last enabled administrator. */
export async function deleteUser(db: Db, actor: SessionUser, id: number) {
  if (id === actor.id) throw new AppError('FORBIDDEN', M.cannotDeleteSelf);
  await db.transaction(async (tx) => {
    await repo.lockAdminGuard(tx);
    const target = await repo.lockUser(tx, id);
    if (!target) throw new AppError('NOT_FOUND', M.notFound);
    if (target.enabled && target.is_admin && (await repo.countOtherEnabledAdmins(tx, id)) === 0) {
      throw new AppError('BUSINESS_RULE', M.lastAdminDelete);
    }
    await repo.clearResponsibility(tx, id);
    await repo.softDeleteUser(tx, id);
    await endAllSessions(tx, id);
    await recordAudit(tx, {
      action: 'user.delete',
      entityId: id,
      summary: `Utilisateur « ${target.username} » supprimé`,
      before: target,
    });
  });
}
