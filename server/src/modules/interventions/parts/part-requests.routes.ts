import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import { withVersion } from '@gmao/domain/interventions/version-schemas';
import {
  partRequestClientSuppliedSchema,
  partRequestInputSchema,
  partRequestParamsSchema,
  partRequestReceiveSchema,
  partRequestSchema,
  STOCK_MESSAGES,
} from '@gmao/domain/stock/stock-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { preconditionOf, versionedWrite } from '../version-precondition.ts';
import * as service from './part-requests.service.ts';

const errors = errorResponsesWithVersion;
const tags = ['interventions'];

/** Part requests of an intervention (issue 18): ordering parts, which EN_ATTENTE_PDR requires, and receiving them. */
const partRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/part-requests',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ } },
      schema: {
        summary: "Demandes de pièces de l'intervention",
        tags,
        params: idParamsSchema,
        response: { 200: successEnvelope(z.array(partRequestSchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.list(app.db, request.params.id) }),
  );

  app.get(
    '/:id/waiting-time',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ } },
      schema: {
        tags,
        summary: 'Temps en attente de pièces et temps de réparation (hors attente), en secondes, depuis l’historique',
        params: idParamsSchema,
        response: {
          200: successEnvelope(z.object({ waitingSeconds: z.number(), repairSeconds: z.number().nullable() })),
          ...errors,
        },
      },
    },
    async (request) => ({ success: true as const, data: await service.waiting(app.db, request.params.id) }),
  );

  app.post(
    '/:id/part-requests',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } },
      schema: {
        tags,
        summary: 'Demander des pièces (requis pour passer en attente de pièces)',
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(partRequestInputSchema),
        response: { 201: successEnvelope(partRequestSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await service.create(app.db, user, request.params.id, request.body, preconditionOf(request));
      return reply.status(201).send({ success: true as const, data, message: STOCK_MESSAGES.requestCreated });
    },
  );

  app.put(
    '/:id/part-requests/:rid/cancel',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } },
      schema: {
        tags,
        summary: 'Annuler une demande de pièces ouverte (pas la dernière d’une intervention en attente de pièces)',
        ...versionedWrite,
        params: partRequestParamsSchema,
        response: { 200: successEnvelope(partRequestSchema), ...errors },
      },
    },
    async (request) => {
      const { id, rid } = request.params;
      const data = await service.cancel(app.db, requireUser(request), id, rid, preconditionOf(request));
      return { success: true as const, data, message: STOCK_MESSAGES.requestCancelled };
    },
  );

  app.put(
    '/:id/part-requests/:rid/client-supplied',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } },
      schema: {
        tags,
        summary:
          'Pièces d’une demande ouverte fournies (ou non) par le client : les délais garantis du contrat sont suspendus pendant leur attente',
        ...versionedWrite,
        params: partRequestParamsSchema,
        body: withVersion(partRequestClientSuppliedSchema),
        response: { 200: successEnvelope(partRequestSchema), ...errors },
      },
    },
    async (request) => {
      const { id, rid } = request.params;
      const { fourni_par_client } = request.body;
      const user = requireUser(request);
      const data = await service.setClientSupplied(app.db, user, id, rid, fourni_par_client, preconditionOf(request));
      const message = fourni_par_client ? STOCK_MESSAGES.clientSuppliedSet : STOCK_MESSAGES.clientSuppliedUnset;
      return { success: true as const, data, message };
    },
  );

  app.put(
    '/:id/part-requests/:rid/receive',
    {
      config: { access: { permission: PERMISSIONS.STOCK_MANAGE } },
      schema: {
        tags,
        summary: 'Réceptionner une demande : entrées en stock (défaut : Magasin central), technicien prévenu',
        params: partRequestParamsSchema,
        body: partRequestReceiveSchema,
        response: { 200: successEnvelope(partRequestSchema), ...errors },
      },
    },
    async (request) => {
      const { id, rid } = request.params;
      const data = await service.receive(app.db, requireUser(request), id, rid, request.body.location_id);
      return { success: true as const, data, message: STOCK_MESSAGES.requestReceived };
    },
  );
};

export default partRequestsRoutes;
