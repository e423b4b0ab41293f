import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(['ok', 'down']) });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], summary: 'État du service', response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`SELECT 1`);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'degraded' as const, db: 'down' as const });
      }
    },
  );
};

export default healthRoutes;
