import type { SessionUser } from '@gmao/domain/auth/user';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { USER_ADMIN_MESSAGES as M, USER_FORM_MESSAGES } from '@gmao/domain/users/messages';
import type { userActivateSchema, userCreateSchema, userUpdateSchema } from '@gmao/domain/users/user-schemas';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { revokeAllForUser } from '../auth/refresh-tokens.repository.ts';
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

export async function getUser(db: Db, id: number) {
  const user = await repo.findAdminUser(db, id);
  if (!user) throw new AppError('NOT_FOUND', M.notFound);
  return user;
}

export async function createUser(db: Db, input: CreateInput) {
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (tx) => {
      await checkReferences(tx, input.role_id, input.section_id);
      if (await repo.usernameTaken(tx, input.username)) throw usernameConflict();
      const [row] = await tx
        .insert(users)
        .values({
          nom: input.nom,
          username: input.username,
          passwordHash,
          roleId: input.role_id,
          sectionId: input.section_id ?? null,
          enabled: input.enabled,
          activatedAt: input.enabled ? sql`now()` : null,
        })
        .returning({ id: users.id });
      return row.id;
    });
    return getUser(db, id);
  } catch (err) {
    throw constraintError(err) ?? err;
  }
}

/**
 * Updates a user. Rules: nobody disables their own account; the last enabled administrator can be neither
 * disabled nor demoted; disabling (or a new password) revokes every refresh token of the account, and the
 * per-request session lookup refuses its access tokens at once.
 */
export async function updateUser(db: Db, actor: SessionUser, id: number, input: UpdateInput) {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await db
    .transaction(async (tx) => {
      await repo.lockAdminGuard(tx);
      const target = await repo.lockUser(tx, id);
      if (!target) throw new AppError('NOT_FOUND', M.notFound);
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
      await tx
        .update(users)
        .set({
          nom: input.nom,
          roleId: input.role_id,
          sectionId,
          enabled,
          // once enabled, an account is no longer a pending self-registration
          activatedAt: enabled || target.enabled ? sql`COALESCE(${users.activatedAt}, now())` : undefined,
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id));
      if ((target.enabled && !enabled) || passwordHash) await revokeAllForUser(tx, id);
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
  return updateUser(db, actor, id, {
    nom: current.nom,
    role_id: roleId,
    section_id: input.section_id === undefined ? current.section_id : input.section_id,
    enabled: true,
    password: undefined,
  });
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
    await revokeAllForUser(tx, id);
  });
}
