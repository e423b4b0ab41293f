import { successEnvelope } from '@gmao/domain/common/api';
import { changesQuerySchema, changesSchema } from '@gmao/domain/common/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { deletedChanges } from './changes.service.ts';

/** GET /api/changes (issue 35): deletions since, for an integrator's mirror (the lists give what changed). */
const changesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      // every signed-in user; the service answers only the types his permissions let him read
      config: { access: 'authenticated' },
      schema: {
        tags: ['sync'],
        summary:
          'Suppressions depuis un instant (since) ou le curseur précédent : interventions (aussi mises à la corbeille ou archivées), clients, équipements, pièces',
        querystring: changesQuerySchema,
        response: { 200: successEnvelope(changesSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deletedChanges(app.db, requireUser(request), request.query),
    }),
  );
};

export default changesRoutes;
