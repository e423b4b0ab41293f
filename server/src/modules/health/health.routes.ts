import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseReachable, pendingMigrations } from './health.service.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(['ok', 'down']) });
const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  db: z.enum(['ok', 'down']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
  pending: z.array(z.string()).optional(),
});

const healthRoutes: FastifyPluginAsyncZod<{ metricsToken?: string }> = async (app, opts) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers and reaches its database',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      if (await databaseReachable(app.database.pool)) return { status: 'ok' as const, db: 'ok' as const };
      return reply.status(503).send({ status: 'degraded' as const, db: 'down' as const });
    },
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness: database reachable and every migration of this build applied (for a load balancer)',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      if (!(await databaseReachable(app.database.pool))) {
        return reply
          .status(503)
          .send({ status: 'not_ready' as const, db: 'down' as const, migrations: 'unknown' as const });
      }
      const pending = await pendingMigrations(app.database.pool).catch(() => null);
      if (pending === null || pending.length > 0) {
        return reply.status(503).send({
          status: 'not_ready' as const,
          db: 'ok' as const,
          migrations: pending === null ? ('unknown' as const) : ('pending' as const),
          ...(pending ? { pending } : {}),
        });
      }
      return { status: 'ready' as const, db: 'ok' as const, migrations: 'ok' as const };
    },
  );

  app.get(
    '/metrics',
    {
      config: { access: { role: 'Administrateur', orToken: opts.metricsToken } },
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics (administrator token, or the METRICS_TOKEN bearer)',
        hide: false,
      },
    },
    async (_request, reply) => {
      const body = await app.metrics.metrics();
      return reply.type(app.metrics.contentType).send(body);
    },
  );
};

export default healthRoutes;
