import { timingSafeEqual } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX } from '@gmao/domain/auth/api-token-schemas';
import { hasPermission, hasRole } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { type PortalDroit, portalAdmits } from '@gmao/domain/portal/portal-access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { type ApiTokenRateLimit, apiTokenSession } from '../modules/auth/api-tokens.service.ts';
import { sessionUser } from '../modules/auth/auth.service.ts';

/**
 * Access levels every route declares in its config (ARCHITECTURE.md "Rules the layout encodes").
 * Routes without one are refused (fail closed) and fail the route-enumeration test.
 */
export type RouteAccess =
  | 'public'
  /** Any internal signed-in user (not a client portal user). */
  | 'authenticated'
  /** Any signed-in account, client portal users included: the session's own profile and password (issue 33). */
  | 'account'
  /** Client portal users only (issue 33, /api/portal/*): LECTURE admits both rights, DEMANDEUR the requester. */
  | { portal: PortalDroit }
  | { permission: string }
  | { anyPermission: string[] }
  | { role: string }
  /** The role, or a static bearer token configured for a machine reader (e.g. METRICS_TOKEN for Prometheus). */
  | { role: string; orToken: string | undefined };

export type RouteScope = 'applied' | 'own';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Still served while the user must change the password an administrator chose (profile, password change). */
    allowedBeforePasswordChange?: boolean;
    /**
     * How the route stands with a user who does not see the whole company (domain/src/auth/visibility.ts):
     * `applied` — its repositories apply the user's visibility (db/visibility.ts) to every row it reads or writes;
     * `own` — it concerns only the user himself (profile, notifications, tokens) or holds no client data.
     * Without it, such a user is refused (fail closed: a new route is out of his reach until it says how it scopes).
     */
    scope?: RouteScope;
    /**
     * The query parameter naming the client of a report or export that otherwise covers the whole company: a user who
     * sees less must name one he sees (plugins/visibility-guard.ts requireNamedClient); the route is then `applied`.
     */
    scopeClientParam?: string;
  }
  interface FastifyRequest {
    currentUser: SessionUser | null;
    /** The list cache's version read with the session, before the request's data (modules/interventions/list-cache.ts). */
    listCacheVersion: string | null;
  }
  interface FastifyInstance {
    routeAccess: { method: string; url: string; access: RouteAccess | undefined; scope: RouteScope | undefined }[];
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /** sid: the session (refresh-token family) the access token belongs to; it dies with it. */
    payload: { sub: string; username: string; sid: string };
    user: { sub: string; username: string; sid?: string; iat: number; exp: number };
  }
}

export const ACCESS_TOKEN_TTL = '15m';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session id claim as we sign them (the refresh-token family's uuid). */
export function isSessionId(sid: unknown): sid is string {
  return typeof sid === 'string' && UUID.test(sid);
}

export function describeAccess(access: RouteAccess): string {
  if (typeof access === 'string') return access;
  if ('permission' in access) return `permission ${access.permission}`;
  if ('anyPermission' in access) return `one of ${access.anyPermission.join(', ')}`;
  if ('portal' in access) return `portal ${access.portal}`;
  return `role ${access.role}`;
}

function allowed(user: SessionUser, access: Exclude<RouteAccess, 'public' | 'authenticated' | 'account'>): boolean {
  // A portal user passes only portal routes, an internal user never does (the one rule: domain portal-access.ts)
  if ('portal' in access) return portalAdmits(user, access.portal);
  if (user.clientId != null) return false;
  if ('permission' in access) return hasPermission(user, access.permission);
  if ('anyPermission' in access) return access.anyPermission.some((p) => hasPermission(user, p));
  return hasRole(user, access.role);
}

function bearerMatches(request: FastifyRequest, expected: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!expected || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  apiTokenLimit: ApiTokenRateLimit | undefined,
): Promise<{ user: SessionUser; listCacheVersion: string }> {
  const header = request.headers.authorization;
  if (!header) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.authRequired);
  // An API token (issue 35): its owner with the token's scopes; the same 401 whatever is wrong with it.
  if (header.startsWith(`Bearer ${API_TOKEN_PREFIX}`)) {
    const session = await apiTokenSession(app.db, header.slice(7), request.ip, apiTokenLimit);
    if (!session) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.invalidToken);
    return session;
  }
  try {
    await request.jwtVerify();
  } catch {
    throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.invalidToken);
  }
  // The account and its session are read on every request so that disabling, deleting, logging out, a password
  // change or a refresh-token reuse take effect at once (ASVS V3.3). Tokens from before sessions had ids have none.
  const { sub, sid } = request.user;
  if (!isSessionId(sid)) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.invalidToken);
  const session = await sessionUser(app.db, Number(sub), sid);
  if (!session) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.invalidToken);
  if (session.user.mustChangePassword && !request.routeOptions.config?.allowedBeforePasswordChange) {
    throw new AppError('FORBIDDEN', SERVER_MESSAGES.passwordChangeRequired);
  }
  return session;
}

export default fp(
  async (
    app: FastifyInstance,
    opts: { secret: string; docsAccess?: RouteAccess; apiTokenRateLimit?: ApiTokenRateLimit },
  ) => {
    await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: ACCESS_TOKEN_TTL } });
    app.decorateRequest('currentUser', null);
    app.decorateRequest('listCacheVersion', null);
    app.decorate('routeAccess', []);

    app.addHook('onRoute', (route) => {
      // The OpenAPI document (/api/docs/json, /yaml) and the UI page: public unless the deployment asks for
      // authentication (API_DOCS). swagger-ui's own files under /api/docs/static/ say nothing of the API: public.
      if (route.url.startsWith('/api/docs') && route.config?.access === undefined) {
        const uiAsset = route.url.startsWith('/api/docs/static/');
        route.config = { ...route.config, access: uiAsset ? 'public' : (opts.docsAccess ?? 'public') };
      }
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        // Read when asked: plugins registered later (static files) may still declare it in their own onRoute hook.
        app.routeAccess.push({
          method,
          url: route.url,
          get access() {
            return route.config?.access;
          },
          get scope() {
            return route.config?.scope;
          },
        });
      }
    });

    // Access is decided by the route the router matched and the access it declared, never by the text of the
    // request target (which may be absolute-form, percent-encoded, doubled slashes…). A request that matched no
    // route goes to the not-found handler; every matched route without a declared access is refused (fail closed).
    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const access = request.routeOptions.config?.access;
      if (access === 'public') return;
      if (access === undefined) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
      if (typeof access === 'object' && 'orToken' in access && bearerMatches(request, access.orToken)) return;
      const { user, listCacheVersion } = await authenticate(app, request, opts.apiTokenRateLimit);
      request.currentUser = user;
      request.listCacheVersion = listCacheVersion;
      if (user.limitedToSections && request.routeOptions.config?.scope === undefined) {
        throw new AppError('FORBIDDEN', SERVER_MESSAGES.outOfScope);
      }
      if (access === 'authenticated' || access === 'account') {
        // A client portal user's session works only on the portal, the public and his account's routes (issue 33)
        if (access === 'authenticated' && user.clientId != null) {
          throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
        }
        // A token reads what any signed-in user reads; it changes things only through a permission its scopes grant
        // (not the profile, the password, notifications or other tokens).
        if (user.scopes && request.method !== 'GET' && request.method !== 'HEAD') {
          throw new AppError('FORBIDDEN', API_TOKEN_MESSAGES.sessionOnly);
        }
        return;
      }
      if (!allowed(user, access)) {
        throw new AppError('FORBIDDEN', `${SERVER_MESSAGES.forbidden} (${describeAccess(access)})`);
      }
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/** The authenticated user of a route that declared a non-public access level. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.currentUser) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.authRequired);
  return request.currentUser;
}
