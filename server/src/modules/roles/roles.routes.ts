import { ADMIN_ROLE } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { permissionSchema, ROLE_MESSAGES, roleInputSchema, roleSchema } from '@gmao/domain/roles/role-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule, idParamsSchema } from '../../lib/route-schemas.ts';
import * as roles from './roles.service.ts';

/**
 * Roles and permissions are administration data (who may do what, and how many users hold each role):
 * only the Administrateur role reads or changes them. No non-admin screen needs them.
 */
const adminOnly = { access: { role: ADMIN_ROLE } } as const;
const tags = ['roles'];

/** Registered at prefix /api: serves /roles… and /permissions. */
const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/roles',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Rôles avec leurs permissions et leur nombre d’utilisateurs',
        response: { 200: successEnvelope(z.array(roleSchema)), ...errorResponsesWithBusinessRule },
      },
    },
    async () => ({ success: true as const, data: await roles.listRoles(app.db) }),
  );

  app.get(
    '/roles/:id',
    {
      config: adminOnly,
      schema: {
        summary: 'Un rôle et ses permissions',
        tags,
        params: idParamsSchema,
        response: { 200: successEnvelope(roleSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => ({ success: true as const, data: await roles.getRole(app.db, request.params.id) }),
  );

  app.post(
    '/roles',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Créer un rôle',
        body: roleInputSchema,
        response: { 201: successEnvelope(roleSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request, reply) => {
      const data = await roles.createRole(app.db, request.body);
      return reply.status(201).send({ success: true as const, data, message: ROLE_MESSAGES.created });
    },
  );

  app.put(
    '/roles/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Modifier un rôle et ses permissions (le rôle Administrateur garde toutes les permissions)',
        params: idParamsSchema,
        body: roleInputSchema,
        response: { 200: successEnvelope(roleSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => {
      const data = await roles.updateRole(app.db, request.params.id, request.body);
      return { success: true as const, data, message: ROLE_MESSAGES.updated };
    },
  );

  app.delete(
    '/roles/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Supprimer un rôle non attribué',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => {
      await roles.deleteRole(app.db, request.params.id);
      return { success: true as const, data: null, message: ROLE_MESSAGES.deleted };
    },
  );

  app.get(
    '/permissions',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Permissions connues (module, action, description)',
        response: { 200: successEnvelope(z.array(permissionSchema)), ...errorResponsesWithBusinessRule },
      },
    },
    async () => ({ success: true as const, data: await roles.listPermissions(app.db) }),
  );
};

export default rolesRoutes;
