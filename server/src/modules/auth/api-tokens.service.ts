import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  API_TOKEN_TOUCH_SECONDS,
  type ApiToken,
  type CreateApiToken,
} from '@gmao/domain/auth/api-token-schemas';
import { hasPermission, isAdmin } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import type { Db } from '../../db/database.ts';
import { countHit } from '../../db/rate-limit-store.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  findApiToken,
  findTokenUser,
  insertApiToken,
  listApiTokens as listTokenRows,
  revokeApiToken as revokeTokenRow,
  touchApiToken,
  userExists,
} from './api-tokens.repository.ts';

/** Requests a token may make per window (PostgreSQL counters, shared by every instance). */
export interface ApiTokenRateLimit {
  max: number;
  windowMs: number;
}
export const DEFAULT_API_TOKEN_RATE_LIMIT: ApiTokenRateLimit = { max: 600, windowMs: 60_000 };

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** `gmao_pat_` + 32 random bytes in base64url: recognisable (secret scanners), unguessable. */
const TOKEN_SHAPE = /^gmao_pat_[A-Za-z0-9_-]{43}$/;

/** A token is managed with a password session, never with another token. */
function requirePasswordSession(actor: SessionUser) {
  if (actor.scopes) throw new AppError('FORBIDDEN', API_TOKEN_MESSAGES.notWithToken);
}

/** Casablanca's end of the chosen day, as an instant (Morocco: UTC+1, UTC+0 during Ramadan: the later of both). */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999Z`);

export async function createApiToken(
  db: Db,
  actor: SessionUser,
  input: CreateApiToken,
): Promise<ApiToken & { token: string }> {
  requirePasswordSession(actor);
  const ownerId = input.user_id ?? actor.id;
  if (ownerId !== actor.id && !isAdmin(actor)) throw new AppError('FORBIDDEN', API_TOKEN_MESSAGES.otherUserAdminOnly);
  const owner = await userExists(db, ownerId);
  if (!owner) throw new AppError('NOT_FOUND', API_TOKEN_MESSAGES.userNotFound);
  const beyond = input.scopes.filter((p) => !hasPermission(owner, p));
  if (beyond.length > 0) throw new AppError('BUSINESS_RULE', API_TOKEN_MESSAGES.scopeBeyondOwner(beyond.join(', ')));
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const created = await db.transaction(async (tx) => {
    const row = await insertApiToken(tx, {
      userId: ownerId,
      nom: input.nom,
      prefixe: token.slice(0, API_TOKEN_PREFIX.length + 4),
      hash: hashToken(token),
      scopes: [...new Set(input.scopes)],
      expireLe: endOfDay(input.expire_le),
      createdBy: actor.id,
    });
    await recordAudit(tx, {
      action: 'api_token.create',
      entityType: 'api_token',
      entityId: row.id,
      summary: `Jeton « ${row.nom} » pour ${row.user.username}`,
      after: { nom: row.nom, scopes: row.scopes, expire_le: row.expire_le, user_id: row.user.id },
    });
    return row;
  });
  return { ...created, token };
}

/** An administrator sees every token (service accounts included); anyone else, his own. */
export function listApiTokens(db: Db, actor: SessionUser): Promise<ApiToken[]> {
  requirePasswordSession(actor);
  return listTokenRows(db, isAdmin(actor) ? null : actor.id);
}

export async function revokeApiToken(db: Db, actor: SessionUser, id: number): Promise<void> {
  requirePasswordSession(actor);
  const token = await findApiToken(db, id);
  if (!token || (token.user.id !== actor.id && !isAdmin(actor))) {
    throw new AppError('NOT_FOUND', API_TOKEN_MESSAGES.notFound);
  }
  await db.transaction(async (tx) => {
    if (!(await revokeTokenRow(tx, id))) return; // already revoked: nothing to do, nothing to audit
    await recordAudit(tx, {
      action: 'api_token.revoke',
      entityType: 'api_token',
      entityId: id,
      summary: `Jeton « ${token.nom} » de ${token.user.username} révoqué`,
    });
  });
}

/**
 * The session of a request that came with `Authorization: Bearer gmao_pat_…`, or null (malformed, unknown, revoked,
 * expired, owner disabled or deleted — the caller answers the same 401 for all). Counts the request against the
 * token's limit (429 past it); writes last_used_* at most every 5 minutes, and at once from a new address (audited).
 */
export async function apiTokenSession(
  db: Db,
  token: string,
  ip: string,
  limit: ApiTokenRateLimit = DEFAULT_API_TOKEN_RATE_LIMIT,
): Promise<{ user: SessionUser; listCacheVersion: string } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const found = await findTokenUser(db, hashToken(token), ip, API_TOKEN_TOUCH_SECONDS);
  if (!found) return null;
  const { current, ttl } = await countHit(db, `api_token|${found.tokenId}`, limit.windowMs);
  if (current > limit.max) {
    throw new AppError('TOO_MANY_REQUESTS', SERVER_MESSAGES.tooManyRequests, undefined, {
      retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)),
    });
  }
  if (found.touch) {
    await db.transaction(async (tx) => {
      await touchApiToken(tx, found.tokenId, ip);
      if (found.newAddress) {
        await recordAudit(tx, {
          action: 'api_token.new_address',
          entityType: 'api_token',
          entityId: found.tokenId,
          actor: { id: found.user.id, username: found.user.username },
          summary: `Jeton utilisé depuis ${ip}`,
        });
      }
    });
  }
  return { user: found.user, listCacheVersion: found.listCacheVersion };
}
