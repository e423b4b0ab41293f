import { ADMIN_ROLE_NAMES } from '@gmao/domain/auth/permissions';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The permission names ('module:action', sorted) granted to the role whose id is `roleId` (an SQL expression such
 * as sql`u.role_id`), as a text array; '{}' for a role without permissions or no role at all.
 */
export const rolePermissionNames = (roleId: SQL) => sql`
  COALESCE((SELECT array_agg(p.module || ':' || p.action ORDER BY p.module, p.action)
            FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
            WHERE rp.role_id = ${roleId}), '{}')`;

/** `users u` with its section `s` and role `r` (either may be missing). */
export const USERS_WITH_SECTION_AND_ROLE = sql`
  FROM users u
  LEFT JOIN sections s ON s.id = u.section_id
  LEFT JOIN roles r ON r.id = u.role_id`;

/** The administrator roles' names (Admin, Administrateur, Administrator) as an SQL list, for `r.nom IN (…)`. */
export const ADMIN_ROLE_NAMES_SQL = sql.join(
  ADMIN_ROLE_NAMES.map((n) => sql`${n}`),
  sql`, `,
);
