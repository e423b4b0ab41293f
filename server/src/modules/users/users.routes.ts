import { ADMIN_ROLE } from '@gmao/domain/auth/permissions';
import { listEnvelope, makePagination, successEnvelope } from '@gmao/domain/common/api';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { USER_ADMIN_MESSAGES } from '@gmao/domain/users/messages';
import {
  adminUserSchema,
  userActivateSchema,
  userCreateSchema,
  userListQuerySchema,
  userUpdateSchema,
} from '@gmao/domain/users/user-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule, idParamsSchema } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as users from './users.service.ts';

/** User administration is the Administrateur role's (spec §6); the role check accepts every admin alias. */
const adminOnly = { access: { role: ADMIN_ROLE } } as const;
const tags = ['users'];

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Liste paginée des utilisateurs (recherche nom/username, filtres rôle, section, statut, en attente)',
        querystring: userListQuerySchema,
        response: { 200: listEnvelope(adminUserSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await users.listUsers(
        app.db,
        { search: q.search, roleId: q.role_id, sectionId: q.section_id, enabled: q.enabled, pending: q.pending },
        q.page,
        q.limit,
      );
      return { success: true as const, data: items, pagination: makePagination(total, q.page, q.limit) };
    },
  );

  app.get(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: "Détail d'un utilisateur (avec les permissions de son rôle)",
        params: idParamsSchema,
        response: { 200: successEnvelope(adminUserSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => ({ success: true as const, data: await users.getUser(app.db, request.params.id) }),
  );

  app.post(
    '/',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Créer un utilisateur',
        body: userCreateSchema,
        response: { 201: successEnvelope(adminUserSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request, reply) => {
      const data = await users.createUser(app.db, request.body);
      return reply.status(201).send({ success: true as const, data, message: MUTATION_MESSAGES.userCreate.success });
    },
  );

  app.put(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: "Modifier un utilisateur (mot de passe seulement s'il est fourni ; le username ne change pas)",
        params: idParamsSchema,
        body: userUpdateSchema,
        response: { 200: successEnvelope(adminUserSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => {
      const data = await users.updateUser(app.db, requireUser(request), request.params.id, request.body);
      return { success: true as const, data, message: MUTATION_MESSAGES.userUpdate.success };
    },
  );

  app.post(
    '/:id/activate',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Activer un compte (auto-inscription), en lui attribuant éventuellement rôle et section',
        params: idParamsSchema,
        body: userActivateSchema.nullish(),
        response: { 200: successEnvelope(adminUserSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => {
      const data = await users.activateUser(app.db, requireUser(request), request.params.id, request.body ?? {});
      return { success: true as const, data, message: USER_ADMIN_MESSAGES.activated };
    },
  );

  app.delete(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Supprimer un utilisateur (suppression logique : ses enregistrements gardent son nom)',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => {
      await users.deleteUser(app.db, requireUser(request), request.params.id);
      return { success: true as const, data: null, message: MUTATION_MESSAGES.userDelete.success };
    },
  );
};

export default usersRoutes;
