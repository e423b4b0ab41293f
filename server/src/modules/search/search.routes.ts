import { successEnvelope } from '@gmao/domain/common/api';
import { searchQuerySchema, searchResultSchema } from '@gmao/domain/search/search-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { search } from './search.service.ts';

/** Registered at prefix /api/search. */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'authenticated', scope: 'applied' },
      schema: {
        tags: ['search'],
        summary:
          "Recherche globale, sans accents ni casse : équipements (nom, marque, modèle, n° de série), clients (nom, ville, ICE), interventions (numéro, description) ; 5 résultats par groupe, seulement les groupes que l'utilisateur peut lire",
        querystring: searchQuerySchema,
        response: { 200: successEnvelope(searchResultSchema), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await search(app.db, requireUser(request), request.query.q) }),
  );
};

export default searchRoutes;
