import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { CLIENT_MESSAGES } from '@gmao/domain/clients/client-constants';
import { clientInputSchema, clientListQuerySchema, clientSchema } from '@gmao/domain/clients/client-schemas';
import { listEnvelope, successEnvelope } from '@gmao/domain/common/api';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParamsSchema } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { guardObjectsById } from '../../plugins/visibility-guard.ts';
import * as clients from './clients.service.ts';

const tags = ['clients'];

/** /api/clients (spec §7 "Clients"). */
const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  // /:id and below: another section's client is "introuvable" for a section-limited user (plugins/visibility-guard.ts)
  guardObjectsById(app, 'client', CLIENT_MESSAGES.notFound);
  app.get(
    '/',
    {
      config: { access: { permission: PERMISSIONS.CLIENTS_READ }, scope: 'applied' },
      schema: {
        tags,
        summary: 'Liste paginée (recherche : entreprise, ville, contact, email ; filtre secteur_activite)',
        querystring: clientListQuerySchema,
        response: { 200: listEnvelope(clientSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await clients.list(app.db, requireUser(request), request.query)),
    }),
  );

  app.get(
    '/sectors',
    {
      config: { access: { permission: PERMISSIONS.CLIENTS_READ }, scope: 'applied' },
      schema: {
        tags,
        summary: "Secteurs d'activité (utilisés et liste fixe)",
        response: { 200: successEnvelope(z.array(z.string())), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await clients.sectors(app.db, requireUser(request)) }),
  );

  app.get(
    '/:id',
    {
      config: { access: { permission: PERMISSIONS.CLIENTS_READ } },
      schema: {
        tags,
        summary: 'Un client',
        params: idParamsSchema,
        response: { 200: successEnvelope(clientSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clients.get(app.db, requireUser(request), request.params.id),
    }),
  );

  app.post(
    '/',
    {
      config: { access: { permission: PERMISSIONS.CLIENTS_CREATE }, scope: 'applied' },
      schema: {
        tags,
        summary: 'Créer un client',
        body: clientInputSchema,
        response: { 201: successEnvelope(clientSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await clients.create(app.db, requireUser(request), request.body);
      return reply.status(201).send({ success: true as const, data, message: MUTATION_MESSAGES.clientCreate.success });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: { permission: PERMISSIONS.CLIENTS_UPDATE } },
      schema: {
        tags,
        summary: 'Modifier un client',
        params: idParamsSchema,
        body: clientInputSchema,
        response: { 200: successEnvelope(clientSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clients.update(app.db, requireUser(request), request.params.id, request.body),
      message: MUTATION_MESSAGES.clientUpdate.success,
    }),
  );

  app.delete(
    '/:id',
    {
      config: { access: { permission: PERMISSIONS.CLIENTS_DELETE } },
      schema: {
        tags,
        summary: 'Supprimer un client sans équipement (409 sinon)',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errorResponses },
      },
    },
    async (request) => {
      await clients.remove(app.db, requireUser(request), request.params.id);
      return { success: true as const, data: null, message: MUTATION_MESSAGES.clientDelete.success };
    },
  );
};

export default clientsRoutes;
