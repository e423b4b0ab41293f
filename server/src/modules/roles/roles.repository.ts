import { ADMIN_ROLE_NAMES } from '@gmao/domain/auth/permissions';
import type { PermissionRow, Role } from '@gmao/domain/roles/role-schemas';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { rolePermissions, roles } from '../../db/schema.ts';
import { ADMIN_ROLE_NAMES_SQL, rolePermissionNames } from '../../db/user-sql.ts';

type RoleRow = {
  id: number;
  nom: string;
  description: string | null;
  permissions: string[];
  user_count: number;
  limite_sections: boolean;
};

const SELECT_ROLE = sql`
  SELECT r.id, r.nom, r.description, r.limite_sections,
         ${rolePermissionNames(sql`r.id`)} AS permissions,
         (SELECT count(*)::int FROM users u WHERE u.role_id = r.id AND u.deleted_at IS NULL) AS user_count
  FROM roles r`;

export const isAdminRoleName = (nom: string) => (ADMIN_ROLE_NAMES as readonly string[]).includes(nom);

function toRole(row: RoleRow): Role {
  return {
    id: row.id,
    nom: row.nom,
    description: row.description,
    permissions: row.permissions,
    userCount: row.user_count,
    isAdmin: isAdminRoleName(row.nom),
    limiteSections: row.limite_sections && !isAdminRoleName(row.nom),
  };
}

/** Every role (a handful), admin roles first, then by name. */
export async function listRoles(db: DbOrTx): Promise<Role[]> {
  const { rows } = await db.execute<RoleRow>(
    sql`${SELECT_ROLE} ORDER BY (r.nom IN (${ADMIN_ROLE_NAMES_SQL})) DESC, r.nom`,
  );
  return rows.map(toRole);
}

export async function findRole(db: DbOrTx, id: number): Promise<Role | null> {
  const { rows } = await db.execute<RoleRow>(sql`${SELECT_ROLE} WHERE r.id = ${id}`);
  return rows[0] ? toRole(rows[0]) : null;
}

export async function lockRole(db: DbOrTx, id: number): Promise<{ id: number; nom: string } | null> {
  const { rows } = await db.execute<{ id: number; nom: string }>(
    sql`SELECT id, nom FROM roles WHERE id = ${id} FOR UPDATE`,
  );
  return rows[0] ?? null;
}

export async function roleNameTaken(db: DbOrTx, nom: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM roles WHERE lower(nom) = lower(${nom}) AND (${exceptId}::int IS NULL OR id <> ${exceptId}::int)`,
  );
  return rows.length > 0;
}

export async function listPermissions(db: DbOrTx): Promise<PermissionRow[]> {
  const { rows } = await db.execute<Omit<PermissionRow, 'name'>>(
    sql`SELECT id, module, action, description FROM permissions ORDER BY module, id`,
  );
  return rows.map((p) => ({ ...p, name: `${p.module}:${p.action}` }));
}

/** Permission ids of the given module:action names; unknown names are absent from the result. */
export async function permissionIds(db: DbOrTx, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    SELECT id, module || ':' || action AS name FROM permissions
    WHERE module || ':' || action IN (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})`);
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function allPermissionIds(db: DbOrTx): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`SELECT id FROM permissions`);
  return rows.map((r) => r.id);
}

/** Replaces the permission set of a role. */
export async function setRolePermissions(db: DbOrTx, roleId: number, ids: number[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (ids.length === 0) return;
  await db.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId, permissionId })));
}

export async function countRoleUsers(db: DbOrTx, roleId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM users WHERE role_id = ${roleId} AND deleted_at IS NULL`,
  );
  return rows[0]?.n ?? 0;
}

export async function insertRole(
  db: DbOrTx,
  row: { nom: string; description: string | null; limiteSections: boolean },
) {
  const [created] = await db.insert(roles).values(row).returning({ id: roles.id });
  return created;
}

export async function updateRoleRow(
  db: DbOrTx,
  id: number,
  row: { nom: string; description: string | null; limiteSections: boolean },
) {
  await db
    .update(roles)
    .set({ ...row, updatedAt: sql`now()` })
    .where(eq(roles.id, id));
}

export async function deleteRoleRow(db: DbOrTx, id: number) {
  await db.delete(roles).where(eq(roles.id, id));
}
