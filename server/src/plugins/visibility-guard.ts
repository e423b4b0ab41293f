import { type GuardedObject, visibilityOf } from '@gmao/domain/auth/visibility';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { requireClientInScope, userSees } from '../modules/visibility/visibility.service.ts';

/**
 * Called inside a routes plugin (encapsulated): every route of that plugin whose path starts with `path` (`/:id` by
 * default; `/interventions/:id` for the reports' bon) names an
 * object of `kind` by that id, and reaches it only if the user's visibility (domain/src/auth/visibility.ts) sees it —
 * otherwise 404 with `notFound`, exactly as if it did not exist, before the handler reads or writes anything. Such
 * routes are therefore marked `scope: 'applied'` (plugins/auth.ts); the plugin's other routes (lists, creation)
 * declare their own scope. One lookup by primary key, and none at all for a user who sees the whole company.
 */
export function guardObjectsById(app: FastifyInstance, kind: GuardedObject, notFound: string, path = '/:id'): void {
  const guarded = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${route.prefix}${path}`)) return;
    guarded.add(route.url);
    if (route.config?.scope === undefined) route.config = { ...route.config, scope: 'applied' };
  });
  app.addHook('preHandler', async (request) => {
    const user = request.currentUser;
    if (!user || !guarded.has(request.routeOptions.url ?? '')) return;
    if (visibilityOf(user).kind === 'company') return;
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'number') return;
    if (!(await userSees(app.db, user, kind, id))) throw new AppError('NOT_FOUND', notFound);
  });
}

/**
 * Called inside a routes plugin: its routes that declare `scopeClientParam` (reports, exports) are marked `applied`
 * and, for a user who sees less than the company, answer only for a client he sees named in that query parameter.
 */
export function requireNamedClient(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.scopeClientParam && route.config.scope === undefined) {
      route.config = { ...route.config, scope: 'applied' };
    }
  });
  app.addHook('preHandler', async (request) => {
    const param = request.routeOptions.config?.scopeClientParam;
    const user = request.currentUser;
    if (!param || !user) return;
    const value = (request.query as Record<string, unknown> | undefined)?.[param];
    await requireClientInScope(app.db, user, typeof value === 'number' ? value : undefined);
  });
}
