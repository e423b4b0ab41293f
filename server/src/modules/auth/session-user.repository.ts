import { isAdminRole } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { LIST_CACHE_VERSION } from '../../db/list-cache-version.ts';
import { executePrepared } from '../../db/prepared.ts';
import { rolePermissionNames, USERS_WITH_SECTION_AND_ROLE } from '../../db/user-sql.ts';

type SessionUserRow = {
  id: number;
  nom: string;
  username: string;
  section_id: number | null;
  section: string | null;
  is_responsible: boolean;
  role_id: number | null;
  role: string | null;
  permissions: string[];
  enabled: boolean;
  must_change_password: boolean;
  password_hash: string;
  limite_sections: boolean | null;
  client_id: number | null;
  portail_droit: 'LECTURE' | 'DEMANDEUR' | null;
};

const SELECT_SESSION_USER_COLUMNS = sql`
  SELECT u.id, u.nom, u.username, u.enabled, u.password_hash, u.must_change_password,
         u.section_id, s.nom AS section, (s.responsable_id IS NOT NULL AND s.responsable_id = u.id) AS is_responsible,
         u.role_id, r.nom AS role, r.limite_sections, u.client_id, u.portail_droit,
         ${rolePermissionNames(sql`u.role_id`)} AS permissions`;

const SELECT_SESSION_USER = sql`${SELECT_SESSION_USER_COLUMNS} ${USERS_WITH_SECTION_AND_ROLE}`;

function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    nom: row.nom,
    username: row.username,
    section: row.section,
    sectionId: row.section_id,
    isResponsible: row.is_responsible,
    role: row.role ?? '',
    roleId: row.role_id,
    permissions: row.permissions,
    mustChangePassword: row.must_change_password,
    ...(row.limite_sections && !isAdminRole(row.role) ? { limitedToSections: true } : {}),
    // A portal account always has a client (CHECK users_portail_client_ck); 0 would match none if it ever had not.
    ...(row.portail_droit !== null ? { clientId: row.client_id ?? 0, portalDroit: row.portail_droit } : {}),
  };
}

/** The enabled, not-deleted user as the session sees it, or null. */
export async function findSessionUser(db: DbOrTx, id: number): Promise<SessionUser | null> {
  const { rows } = await db.execute<SessionUserRow>(
    sql`${SELECT_SESSION_USER} WHERE u.id = ${id} AND u.enabled AND u.deleted_at IS NULL`,
  );
  return rows[0] ? toSessionUser(rows[0]) : null;
}

/**
 * The same, only while the session (the refresh-token family named by the access token's `sid`) is live: logout,
 * a refresh-token reuse, a password change, disabling, a role change or deletion revoke it, and the access tokens
 * of that session stop working at their next request. One query, on the partial index of live families, and a
 * prepared one (db/prepared.ts: parsed and planned once per connection) — it runs on every request, and planned
 * each time it cost PostgreSQL ~430 µs of its ~550 (issue 16's bench: the ceiling route 1,760 → 3,570 req/s).
 */
export async function findSessionUserInSession(
  db: DbOrTx,
  id: number,
  sessionId: string,
): Promise<{ user: SessionUser; listCacheVersion: string } | null> {
  // The list cache's version as of this request (modules/interventions/list-cache.ts): one more column, no more
  // round trip.
  const { rows } = await executePrepared<SessionUserRow & { list_cache_version: string }>(
    db,
    sql`${SELECT_SESSION_USER_COLUMNS}, ${LIST_CACHE_VERSION} AS list_cache_version
        ${USERS_WITH_SECTION_AND_ROLE}
        WHERE u.id = ${id} AND u.enabled AND u.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM refresh_tokens rt
                    WHERE rt.family_id = ${sessionId}::uuid AND rt.user_id = u.id AND rt.revoked_at IS NULL)`,
  );
  return rows[0] ? { user: toSessionUser(rows[0]), listCacheVersion: rows[0].list_cache_version } : null;
}

/** Login lookup by username (case-insensitive), including disabled accounts so the caller can explain. */
export async function findLoginCandidate(
  db: DbOrTx,
  username: string,
): Promise<{ user: SessionUser; enabled: boolean; passwordHash: string } | null> {
  const { rows } = await db.execute<SessionUserRow>(
    sql`${SELECT_SESSION_USER} WHERE lower(u.username) = lower(${username}) AND u.deleted_at IS NULL`,
  );
  const row = rows[0];
  return row ? { user: toSessionUser(row), enabled: row.enabled, passwordHash: row.password_hash } : null;
}

export async function findPasswordHash(db: DbOrTx, id: number): Promise<string | null> {
  const { rows } = await db.execute<{ password_hash: string }>(sql`SELECT password_hash FROM users WHERE id = ${id}`);
  return rows[0]?.password_hash ?? null;
}
