import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyJwt from '@fastify/jwt';
import { hasPermission, hasRole } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { findSessionUser } from '../modules/auth/session-user.repository.ts';

/**
 * Access levels every route declares in its config (ARCHITECTURE.md "Rules the layout encodes").
 * Routes without one are refused (fail closed) and fail the route-enumeration test.
 */
export type RouteAccess =
  | 'public'
  | 'authenticated'
  | { permission: string }
  | { anyPermission: string[] }
  | { role: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    currentUser: SessionUser | null;
  }
  interface FastifyInstance {
    routeAccess: { method: string; url: string; access: RouteAccess | undefined }[];
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; username: string };
    user: { sub: string; username: string; iat: number; exp: number };
  }
}

export const ACCESS_TOKEN_TTL = '15m';

/** JWT_SECRET from the environment, else generated once and kept in DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function describeAccess(access: RouteAccess): string {
  if (typeof access === 'string') return access;
  if ('permission' in access) return `permission ${access.permission}`;
  if ('anyPermission' in access) return `one of ${access.anyPermission.join(', ')}`;
  return `role ${access.role}`;
}

function allowed(user: SessionUser, access: Exclude<RouteAccess, 'public' | 'authenticated'>): boolean {
  if ('permission' in access) return hasPermission(user, access.permission);
  if ('anyPermission' in access) return access.anyPermission.some((p) => hasPermission(user, p));
  return hasRole(user, access.role);
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser> {
  if (!request.headers.authorization) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.authRequired);
  try {
    await request.jwtVerify();
  } catch {
    throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.invalidToken);
  }
  // The account is read on every request so that disabling or deleting it takes effect at once.
  const user = await findSessionUser(app.db, Number(request.user.sub));
  if (!user) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.invalidToken);
  return user;
}

export default fp(
  async (app: FastifyInstance, opts: { secret: string }) => {
    await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: ACCESS_TOKEN_TTL } });
    app.decorateRequest('currentUser', null);
    app.decorate('routeAccess', []);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return;
      // The OpenAPI document and its UI are public documentation.
      if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        app.routeAccess.push({ method, url: route.url, access: route.config?.access });
      }
    });

    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api')) return;
      const access = request.routeOptions.config?.access;
      if (!request.routeOptions.url) return; // unknown route: the not-found handler answers
      if (access === 'public') return;
      if (access === undefined) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
      const user = await authenticate(app, request);
      request.currentUser = user;
      if (access === 'authenticated') return;
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
