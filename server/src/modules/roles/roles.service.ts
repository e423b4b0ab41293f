import { ROLE_MESSAGES as M, type roleInputSchema } from '@gmao/domain/roles/role-schemas';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { announceRightsChanged } from '../auth/auth.service.ts';
import * as repo from './roles.repository.ts';

type RoleInput = z.output<typeof roleInputSchema>;

/** What the audit log keeps of a role: name, description and its permissions sorted. */
function snapshot(role: { nom: string; description?: string | null; permissions: readonly unknown[] }) {
  const permissions = role.permissions
    .map((p) => (typeof p === 'string' ? p : `${(p as { module: string }).module}:${(p as { action: string }).action}`))
    .sort();
  return { nom: role.nom, description: role.description ?? null, permissions };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

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
  if (pgErrorCode(err) === '23505') throw new AppError('CONFLICT', M.nameTaken, [{ field: 'nom', msg: M.nameTaken }]);
  throw err;
}

export async function createRole(db: Db, input: RoleInput) {
  const id = await db
    .transaction(async (tx) => {
      const permissionIds = await validate(tx, input, null, false);
      const row = await repo.insertRole(tx, {
        nom: input.nom,
        description: input.description,
        limiteSections: input.limiteSections,
      });
      await repo.setRolePermissions(tx, row.id, permissionIds);
      await recordAudit(tx, {
        action: 'role.create',
        entityId: row.id,
        summary: `Rôle « ${input.nom} » créé`,
        after: snapshot(input),
      });
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
      const before = await getRole(tx, id);
      const isAdmin = repo.isAdminRoleName(current.nom);
      if (isAdmin && input.nom !== current.nom) throw new AppError('BUSINESS_RULE', M.adminRoleLocked);
      const permissionIds = await validate(tx, input, id, isAdmin);
      if (isAdmin) {
        const all = await repo.allPermissionIds(tx);
        if (all.some((p) => !permissionIds.includes(p))) throw new AppError('BUSINESS_RULE', M.adminRoleLocked);
      }
      await repo.updateRoleRow(tx, id, {
        nom: input.nom,
        description: input.description,
        limiteSections: input.limiteSections && !isAdmin,
      });
      await repo.setRolePermissions(tx, id, permissionIds);
      // Open notification streams of the role's users re-read their session (and end if its rights changed).
      await announceRightsChanged(tx, id);
      const previous = snapshot({ nom: before.nom, description: before.description, permissions: before.permissions });
      const next = snapshot(input);
      await recordAudit(tx, {
        action: sameSet(previous.permissions, next.permissions) ? 'role.update' : 'role.permissions',
        entityId: id,
        summary: `Rôle « ${input.nom} » modifié`,
        before: previous,
        after: next,
      });
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
    await repo.deleteRoleRow(tx, id);
    await recordAudit(tx, {
      action: 'role.delete',
      entityId: id,
      summary: `Rôle « ${current.nom} » supprimé`,
      before: current,
    });
  });
}

export { getRole };

/** Every role, admin roles first (GET /roles). */
export const listRoles = (db: Db) => repo.listRoles(db);

/** Every permission (GET /permissions). */
export const listPermissions = (db: Db) => repo.listPermissions(db);
