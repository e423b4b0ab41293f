import { ROLE_MESSAGES as M, type roleInputSchema } from '@gmao/domain/roles/role-schemas';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { roles } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './roles.repository.ts';

type RoleInput = z.output<typeof roleInputSchema>;

async function getRole(db: DbOrTx, id: number) {
  const role = await repo.findRole(db, id);
  if (!role) throw new AppError('NOT_FOUND', M.notFound);
  return role;
}

/** Checks the name (unique, case-insensitive; admin names reserved) and resolves the permission ids. */
async function validate(db: DbOrTx, input: RoleInput, exceptId: number | null, keepAdminName: boolean) {
  if (!keepAdminName && repo.isAdminRoleName(input.nom)) {
    throw new AppError('CONFLICT', M.reservedName, [{ field: 'nom', msg: M.reservedName }]);
  }
  if (await repo.roleNameTaken(db, input.nom, exceptId)) {
    throw new AppError('CONFLICT', M.nameTaken, [{ field: 'nom', msg: M.nameTaken }]);
  }
  const names = [...new Set(input.permissions)];
  const ids = await repo.permissionIds(db, names);
  const unknown = names.filter((n) => !ids.has(n));
  if (unknown.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      `${M.unknownPermission} : ${unknown.join(', ')}`,
      unknown.map((n) => ({ field: 'permissions', msg: `${M.unknownPermission} : ${n}` })),
    );
  }
  return [...ids.values()];
}

/** The unique index on the name decides between two concurrent writes of the same name. */
function rethrowNameConflict(err: unknown): never {
  const code = (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;
  if (code === '23505') throw new AppError('CONFLICT', M.nameTaken, [{ field: 'nom', msg: M.nameTaken }]);
  throw err;
}

export async function createRole(db: Db, input: RoleInput) {
  const id = await db
    .transaction(async (tx) => {
      const permissionIds = await validate(tx, input, null, false);
      const [row] = await tx
        .insert(roles)
        .values({ nom: input.nom, description: input.description })
        .returning({ id: roles.id });
      await repo.setRolePermissions(tx, row.id, permissionIds);
      return row.id;
    })
    .catch(rethrowNameConflict);
  return getRole(db, id);
}

/** An admin role keeps its name and every permission (spec §6: an admin holds every permission). */
export async function updateRole(db: Db, id: number, input: RoleInput) {
  await db
    .transaction(async (tx) => {
      const current = await repo.lockRole(tx, id);
      if (!current) throw new AppError('NOT_FOUND', M.notFound);
      const isAdmin = repo.isAdminRoleName(current.nom);
      if (isAdmin && input.nom !== current.nom) throw new AppError('BUSINESS_RULE', M.adminRoleLocked);
      const permissionIds = await validate(tx, input, id, isAdmin);
      if (isAdmin) {
        const all = await repo.allPermissionIds(tx);
        if (all.some((p) => !permissionIds.includes(p))) throw new AppError('BUSINESS_RULE', M.adminRoleLocked);
      }
      await tx
        .update(roles)
        .set({ nom: input.nom, description: input.description, updatedAt: sql`now()` })
        .where(eq(roles.id, id));
      await repo.setRolePermissions(tx, id, permissionIds);
    })
    .catch(rethrowNameConflict);
  return getRole(db, id);
}

/** A role still given to a user cannot be deleted (409); admin roles never can. */
export async function deleteRole(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const current = await repo.lockRole(tx, id);
    if (!current) throw new AppError('NOT_FOUND', M.notFound);
    if (repo.isAdminRoleName(current.nom)) throw new AppError('BUSINESS_RULE', M.adminRoleLocked);
    const inUse = await repo.countRoleUsers(tx, id);
    if (inUse > 0) throw new AppError('CONFLICT', M.inUse(inUse));
    await tx.delete(roles).where(eq(roles.id, id));
  });
}

export { getRole };
