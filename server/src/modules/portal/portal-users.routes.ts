import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { PORTAL_MESSAGES as M } from '@gmao/domain/portal/portal-messages';
import {
  portalUserCreatedSchema,
  portalUserCreateSchema,
  portalUserParamsSchema,
  portalUserSchema,
} from '@gmao/domain/portal/portal-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorResponsesWithBusinessRule, idParamsSchema } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './portal-users.service.ts';

const tags = ['portal'];

/** /api/clients/{id}/portal-users (issue 33): the client's portal accounts, from the client's page. */
const portalUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/portal-users',
    {
      config: { access: { permission: PERMISSIONS.CLIENTS_READ } },
      schema: {
        tags,
        summary: 'Utilisateurs du portail du client',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.array(portalUserSchema)), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.listPortalUsers(app.db, request.params.id) }),
  );

  app.post(
    '/:id/portal-users',
    {
      config: { access: { permission: PERMISSIONS.CLIENTS_UPDATE } },
      schema: {
        tags,
        summary:
          'Inviter un utilisateur du portail ({nom, email, droit} : lien à usage unique par e-mail) ou le créer avec un mot de passe initial ({nom, username, password, droit})',
        params: idParamsSchema,
        body: portalUserCreateSchema,
        response: { 201: successEnvelope(portalUserCreatedSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request, reply) => {
      const user = await service.createPortalUser(app.db, requireUser(request), request.params.id, request.body);
      const message = user.invitation_envoyee ? M.invited(user.email ?? '') : M.created;
      return reply.status(201).send({ success: true as const, data: user, message });
    },
  );

  app.delete(
    '/:id/portal-users/:uid',
    {
      config: { access: { permission: PERMISSIONS.CLIENTS_UPDATE } },
      schema: {
        tags,
        summary: "Retirer l'accès au portail (compte désactivé, sessions fermées)",
        params: portalUserParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errorResponses },
      },
    },
    async (request) => {
      await service.removePortalUser(app.db, request.params.id, request.params.uid);
      return { success: true as const, data: null, message: M.removed };
    },
  );
};

export default portalUsersRoutes;
