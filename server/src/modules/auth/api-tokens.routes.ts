import {
  API_TOKEN_MESSAGES,
  apiTokenBodySchema,
  apiTokenSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '@gmao/domain/auth/api-token-schemas';
import { successEnvelope } from '@gmao/domain/common/api';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponsesWithBusinessRule as errors, idParamsSchema } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as tokens from './api-tokens.service.ts';

const tags = ['auth'];
// Every signed-in user manages his own tokens (scopes ⊆ his permissions); an administrator also those of others
// (service accounts). The service refuses a request made with a token: tokens are managed with a password session.
const own = { access: 'authenticated' as const, scope: 'own' as const };

/** GET/POST /api/tokens, DELETE /api/tokens/{id} (issue 35). */
const apiTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: own,
      schema: {
        tags,
        summary: "Jetons d'API : les miens (un administrateur les voit tous), actifs d'abord, sans leur secret",
        response: { 200: successEnvelope(z.array(apiTokenSchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await tokens.listApiTokens(app.db, requireUser(request)) }),
  );

  app.post(
    '/',
    {
      config: own,
      schema: {
        tags,
        summary:
          "Créer un jeton d'API ({ nom, scopes, expire_le ≤ 1 an, user_id? pour un compte de service, administrateurs }) : le jeton gmao_pat_… n'est renvoyé qu'ici",
        body: apiTokenBodySchema,
        response: { 201: successEnvelope(createdApiTokenSchema), ...errors },
      },
    },
    async (request, reply) => {
      const parsed = createApiTokenSchema(metricsToday()).safeParse(request.body);
      if (!parsed.success) {
        const details = parsed.error.issues.map((i) => ({ field: i.path.join('.'), msg: i.message }));
        throw new AppError('BAD_REQUEST', details[0]!.msg, details);
      }
      const data = await tokens.createApiToken(app.db, requireUser(request), parsed.data);
      return reply.status(201).send({ success: true as const, data, message: API_TOKEN_MESSAGES.created });
    },
  );

  app.delete(
    '/:id',
    {
      config: own,
      schema: {
        tags,
        summary: "Révoquer un jeton d'API (effet immédiat sur toutes les instances)",
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await tokens.revokeApiToken(app.db, requireUser(request), request.params.id);
      return { success: true as const, data: null, message: API_TOKEN_MESSAGES.revoked };
    },
  );
};

export default apiTokensRoutes;
