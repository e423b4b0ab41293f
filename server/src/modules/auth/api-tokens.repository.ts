import type { ApiToken } from '@gmao/domain/auth/api-token-schemas';
import type { SessionUser } from '@gmao/domain/auth/user';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { LIST_CACHE_VERSION } from '../../db/list-cache-version.ts';
import { executePrepared } from '../../db/prepared.ts';
import { rolePermissionNames, USERS_WITH_SECTION_AND_ROLE } from '../../db/user-sql.ts';

type TokenRow = {
  id: number;
  nom: string;
  prefixe: string;
  scopes: string[];
  expire_le: string;
  created_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
  user_id: number;
  user_nom: string;
  user_username: string;
};

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function toApiToken(r: TokenRow): ApiToken {
  return {
    id: r.id,
    nom: r.nom,
    prefixe: r.prefixe,
    scopes: r.scopes,
    expire_le: iso(r.expire_le)!,
    created_at: iso(r.created_at)!,
    last_used_at: iso(r.last_used_at),
    last_used_ip: r.last_used_ip,
    revoked_at: iso(r.revoked_at),
    user: { id: r.user_id, nom: r.user_nom, username: r.user_username },
  };
}

const SELECT_TOKEN = sql`
  SELECT t.id, t.nom, t.prefixe, t.scopes, t.expire_le, t.created_at, t.last_used_at, t.last_used_ip, t.revoked_at,
         t.user_id, u.nom AS user_nom, u.username AS user_username
  FROM api_tokens t JOIN users u ON u.id = t.user_id`;

export async function insertApiToken(
  db: DbOrTx,
  t: {
    userId: number;
    nom: string;
    prefixe: string;
    hash: string;
    scopes: string[];
    expireLe: Date;
    createdBy: number;
  },
): Promise<ApiToken> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO api_tokens (user_id, nom, prefixe, token_hash, scopes, expire_le, created_by)
    VALUES (${t.userId}, ${t.nom}, ${t.prefixe}, ${t.hash}, ${sql`ARRAY[${sql.join(
      t.scopes.map((s) => sql`${s}`),
      sql`, `,
    )}]::text[]`}, ${t.expireLe.toISOString()}, ${t.createdBy})
    RETURNING id`);
  return (await findApiToken(db, rows[0]!.id))!;
}

export async function findApiToken(db: DbOrTx, id: number): Promise<ApiToken | null> {
  const { rows } = await db.execute<TokenRow>(sql`${SELECT_TOKEN} WHERE t.id = ${id}`);
  return rows[0] ? toApiToken(rows[0]) : null;
}

/** Tokens of one user (or of everyone: userId null), live ones first, newest first. */
export async function listApiTokens(db: DbOrTx, userId: number | null): Promise<ApiToken[]> {
  const { rows } = await db.execute<TokenRow>(sql`${SELECT_TOKEN}
    ${userId === null ? sql`` : sql`WHERE t.user_id = ${userId}`}
    ORDER BY (t.revoked_at IS NULL AND t.expire_le > now()) DESC, t.created_at DESC, t.id DESC
    LIMIT 500`);
  return rows.map(toApiToken);
}

export async function revokeApiToken(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(
    sql`UPDATE api_tokens SET revoked_at = now() WHERE id = ${id} AND revoked_at IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

type TokenUserRow = {
  token_id: number;
  scopes: string[];
  last_used_at: string | null;
  last_used_ip: string | null;
  touch: boolean;
  id: number;
  nom: string;
  username: string;
  section_id: number | null;
  section: string | null;
  is_responsible: boolean;
  role_id: number | null;
  role: string | null;
  permissions: string[];
  list_cache_version: string;
};

/**
 * The owner of a live token (not revoked, not expired, the account enabled and not deleted) with the owner's current
 * permissions — read on every request, so a revocation, a disabled account or a narrowed role holds at once on every
 * instance. `touch`: last_used_* is older than `touchSeconds` (or never written) or the address changed.
 */
export async function findTokenUser(
  db: DbOrTx,
  hash: string,
  ip: string,
  touchSeconds: number,
): Promise<{
  tokenId: number;
  user: SessionUser;
  listCacheVersion: string;
  touch: boolean;
  newAddress: boolean;
} | null> {
  const { rows } = await executePrepared<TokenUserRow>(
    db,
    sql`SELECT t.id AS token_id, t.scopes, t.last_used_at, t.last_used_ip,
               (t.last_used_at IS NULL OR t.last_used_at < now() - make_interval(secs => ${touchSeconds})
                OR t.last_used_ip IS DISTINCT FROM ${ip}) AS touch,
               u.id, u.nom, u.username, u.section_id, s.nom AS section,
               (s.responsable_id IS NOT NULL AND s.responsable_id = u.id) AS is_responsible,
               u.role_id, r.nom AS role, ${rolePermissionNames(sql`u.role_id`)} AS permissions,
               ${LIST_CACHE_VERSION} AS list_cache_version
        ${USERS_WITH_SECTION_AND_ROLE}
        JOIN api_tokens t ON t.user_id = u.id
        WHERE t.token_hash = ${hash} AND t.revoked_at IS NULL AND t.expire_le > now()
          AND u.enabled AND u.deleted_at IS NULL`,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    tokenId: r.token_id,
    user: {
      id: r.id,
      nom: r.nom,
      username: r.username,
      section: r.section,
      sectionId: r.section_id,
      isResponsible: r.is_responsible,
      role: r.role ?? '',
      roleId: r.role_id,
      permissions: r.permissions,
      scopes: r.scopes,
    },
    listCacheVersion: r.list_cache_version,
    touch: r.touch,
    newAddress: r.last_used_ip !== null && r.last_used_ip !== ip,
  };
}

export async function touchApiToken(db: DbOrTx, tokenId: number, ip: string): Promise<void> {
  await db.execute(sql`UPDATE api_tokens SET last_used_at = now(), last_used_ip = ${ip} WHERE id = ${tokenId}`);
}

export async function userExists(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; permissions: string[]; role: string } | null> {
  const { rows } = await db.execute<{ id: number; permissions: string[]; role: string | null }>(sql`
    SELECT u.id, ${rolePermissionNames(sql`u.role_id`)} AS permissions, r.nom AS role
    ${USERS_WITH_SECTION_AND_ROLE}
    WHERE u.id = ${id} AND u.enabled AND u.deleted_at IS NULL`);
  const r = rows[0];
  return r ? { id: r.id, permissions: r.permissions, role: r.role ?? '' } : null;
}
