import type { AdminUser } from '@gmao/domain/users/user-schemas';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { ADMIN_ROLE_NAMES_SQL, rolePermissionNames, USERS_WITH_SECTION_AND_ROLE } from '../../db/user-sql.ts';

type AdminUserRow = {
  id: number;
  nom: string;
  username: string;
  email: string | null;
  enabled: boolean;
  pending: boolean;
  requested_section: string | null;
  section_id: number | null;
  section_nom: string | null;
  is_responsible: boolean;
  role_id: number | null;
  role_nom: string | null;
  permissions: string[];
  created_at: Date;
  updated_at: Date;
};

const SELECT_ADMIN_USER = sql`
  SELECT u.id, u.nom, u.username, u.email, u.enabled, u.requested_section, u.created_at, u.updated_at,
         (NOT u.enabled AND u.activated_at IS NULL) AS pending,
         u.section_id, s.nom AS section_nom, COALESCE(s.responsable_id = u.id, false) AS is_responsible,
         u.role_id, r.nom AS role_nom,
         ${rolePermissionNames(sql`u.role_id`)} AS permissions
  ${USERS_WITH_SECTION_AND_ROLE}`;

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    nom: row.nom,
    username: row.username,
    email: row.email,
    section:
      row.section_id !== null && row.section_nom !== null
        ? { id: row.section_id, nom: row.section_nom, isResponsible: row.is_responsible }
        : null,
    section_id: row.section_id,
    requestedSection: row.requested_section,
    role: row.role_id !== null && row.role_nom !== null ? { id: row.role_id, nom: row.role_nom } : null,
    role_id: row.role_id,
    permissions: row.permissions,
    enabled: row.enabled,
    pending: row.pending,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export interface UserFilters {
  search?: string;
  roleId?: number;
  sectionId?: number;
  enabled?: boolean;
  pending?: boolean;
}

/** LIKE pattern matching the text anywhere, with the user's % and _ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereClause(f: UserFilters): SQL {
  // Client portal accounts (issue 33) are managed from their client's page, not among the staff
  const conditions: SQL[] = [sql`u.deleted_at IS NULL`, sql`u.client_id IS NULL`];
  if (f.search) {
    const pattern = containsPattern(f.search);
    conditions.push(sql`(u.nom ILIKE ${pattern} OR u.username ILIKE ${pattern})`);
  }
  if (f.roleId !== undefined) conditions.push(sql`u.role_id = ${f.roleId}`);
  if (f.sectionId !== undefined) conditions.push(sql`u.section_id = ${f.sectionId}`);
  if (f.enabled !== undefined) conditions.push(sql`u.enabled = ${f.enabled}`);
  if (f.pending === true) conditions.push(sql`(NOT u.enabled AND u.activated_at IS NULL)`);
  if (f.pending === false) conditions.push(sql`(u.enabled OR u.activated_at IS NOT NULL)`);
  return sql.join(conditions, sql` AND `);
}

/** One page of live users, newest first, and the total count (both in SQL). */
export async function listUsers(db: DbOrTx, filters: UserFilters, page: number, limit: number) {
  const where = whereClause(filters);
  const [{ rows }, count] = await Promise.all([
    db.execute<AdminUserRow>(
      sql`${SELECT_ADMIN_USER} WHERE ${where} ORDER BY u.created_at DESC, u.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    ),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM users u WHERE ${where}`),
  ]);
  return { items: rows.map(toAdminUser), total: count.rows[0]?.total ?? 0 };
}

export async function findAdminUser(db: DbOrTx, id: number): Promise<AdminUser | null> {
  const { rows } = await db.execute<AdminUserRow>(
    sql`${SELECT_ADMIN_USER} WHERE u.id = ${id} AND u.deleted_at IS NULL AND u.client_id IS NULL`,
  );
  return rows[0] ? toAdminUser(rows[0]) : null;
}

export type LockedUser = {
  id: number;
  nom: string;
  username: string;
  enabled: boolean;
  section_id: number | null;
  role_id: number | null;
  is_admin: boolean;
};

/** The live user row, locked for the rest of the transaction. */
export async function lockUser(db: DbOrTx, id: number): Promise<LockedUser | null> {
  const { rows } = await db.execute<LockedUser>(sql`
    SELECT u.id, u.nom, u.username, u.enabled, u.section_id, u.role_id, COALESCE(r.nom IN (${ADMIN_ROLE_NAMES_SQL}), false) AS is_admin
    FROM users u LEFT JOIN roles r ON r.id = u.role_id
    WHERE u.id = ${id} AND u.deleted_at IS NULL
    FOR UPDATE OF u`);
  return rows[0] ?? null;
}

/** Arbitrary constant: serialises the writes that could leave the installation without an enabled administrator. */
const ADMIN_GUARD_LOCK = 725_104_301;

export async function lockAdminGuard(db: DbOrTx) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${ADMIN_GUARD_LOCK})`);
}

/** Enabled, live administrators other than `excludeId`. */
export async function countOtherEnabledAdmins(db: DbOrTx, excludeId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM users u JOIN roles r ON r.id = u.role_id
    WHERE u.enabled AND u.deleted_at IS NULL AND r.nom IN (${ADMIN_ROLE_NAMES_SQL}) AND u.id <> ${excludeId}`);
  return rows[0]?.n ?? 0;
}

export async function findRole(db: DbOrTx, id: number): Promise<{ id: number; isAdmin: boolean } | null> {
  const { rows } = await db.execute<{ id: number; is_admin: boolean }>(
    sql`SELECT id, nom IN (${ADMIN_ROLE_NAMES_SQL}) AS is_admin FROM roles WHERE id = ${id}`,
  );
  return rows[0] ? { id: rows[0].id, isAdmin: rows[0].is_admin } : null;
}

export async function sectionExists(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM sections WHERE id = ${id}`);
  return rows.length > 0;
}

export async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM users WHERE lower(username) = lower(${username})`);
  return rows.length > 0;
}

/** A user who leaves a section (or is deleted) stops being its responsible person. */
export async function clearResponsibility(db: DbOrTx, userId: number, exceptSectionId: number | null = null) {
  await db.execute(sql`
    UPDATE sections SET responsable_id = NULL, updated_at = now()
    WHERE responsable_id = ${userId} AND (${exceptSectionId}::int IS NULL OR id <> ${exceptSectionId}::int)`);
}

/**
 * Soft delete: the row stays so that every record it created still names its author (creerPar → nom).
 * The username is released (suffixed) for reuse, and the account leaves its role and section.
 */
export async function softDeleteUser(db: DbOrTx, id: number) {
  await db.execute(sql`
    UPDATE users
    SET deleted_at = now(), enabled = false, role_id = NULL, section_id = NULL, updated_at = now(),
        username = left(username, 80) || '~supprime~' || id
    WHERE id = ${id}`);
}

export async function insertUser(
  db: DbOrTx,
  row: {
    nom: string;
    username: string;
    passwordHash: string;
    email: string | null;
    roleId: number;
    sectionId: number | null;
    enabled: boolean;
    mustChangePassword: boolean;
  },
) {
  const [created] = await db
    .insert(users)
    .values({ ...row, activatedAt: row.enabled ? sql`now()` : null })
    .returning({ id: users.id });
  return created;
}

/** `activated`: stamp activated_at if it is not set yet (undefined leaves it as it is). */
export async function updateUserRow(
  db: DbOrTx,
  id: number,
  row: {
    nom: string;
    roleId?: number;
    sectionId: number | null;
    enabled: boolean;
    activated: boolean;
    passwordHash?: string;
    mustChangePassword?: boolean;
    /** undefined: unchanged. */
    email?: string | null;
  },
) {
  const { activated, ...columns } = row;
  await db
    .update(users)
    .set({
      ...columns,
      activatedAt: activated ? sql`COALESCE(${users.activatedAt}, now())` : undefined,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
}
