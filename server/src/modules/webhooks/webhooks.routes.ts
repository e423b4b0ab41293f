import { ADMIN_ROLE } from '@gmao/domain/auth/permissions';
import { idSchema, listEnvelope, successEnvelope } from '@gmao/domain/common/api';
import {
  WEBHOOK_MESSAGES,
  webhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@gmao/domain/webhooks/webhook-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule as errors, idParamsSchema } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as webhooks from './webhooks.service.ts';

const admin = { access: { role: ADMIN_ROLE } };
const tags = ['webhooks'];
const deliveryParamsSchema = z.object({ id: idSchema, did: idSchema });

/** Registered at /api/webhooks (issue 35): endpoints, secret rotation, delivery log and redelivery; administrators. */
const webhooksRoutes: FastifyPluginAsyncZod<webhooks.WebhookSettings> = async (app, settings) => {
  app.get(
    '/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Webhooks (sans leur secret), les plus récents d’abord, avec leurs envois en échec et en attente',
        response: { 200: successEnvelope(z.array(webhookSchema)), ...errors },
      },
    },
    async () => ({ success: true as const, data: await webhooks.listWebhooks(app.db) }),
  );

  app.post(
    '/',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Créer un webhook ({ url, events, actif }) : le secret whsec_… de signature n’est renvoyé qu’ici (et à chaque renouvellement)',
        body: webhookBodySchema,
        response: { 201: successEnvelope(webhookWithSecretSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await webhooks.createWebhook(app.db, requireUser(request), request.body, settings);
      return reply.status(201).send({ success: true as const, data, message: WEBHOOK_MESSAGES.created });
    },
  );

  app.get(
    '/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Un webhook (sans son secret)',
        params: idParamsSchema,
        response: { 200: successEnvelope(webhookSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await webhooks.getWebhook(app.db, request.params.id) }),
  );

  app.put(
    '/:id',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Modifier un webhook : adresse, événements, activé (désactivé : les envois en attente sont abandonnés)',
        params: idParamsSchema,
        body: webhookBodySchema,
        response: { 200: successEnvelope(webhookSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await webhooks.updateWebhook(app.db, request.params.id, request.body, settings),
      message: WEBHOOK_MESSAGES.updated,
    }),
  );

  app.delete(
    '/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: "Supprimer un webhook et son journal d'envois",
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await webhooks.deleteWebhook(app.db, request.params.id);
      return { success: true as const, data: null, message: WEBHOOK_MESSAGES.deleted };
    },
  );

  app.post(
    '/:id/rotate-secret',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Nouveau secret de signature, renvoyé ici une seule fois ; l’ancien signe encore 24 h (deux signatures v1 envoyées)',
        params: idParamsSchema,
        response: { 200: successEnvelope(webhookWithSecretSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await webhooks.rotateWebhookSecret(app.db, request.params.id),
      message: WEBHOOK_MESSAGES.rotated,
    }),
  );

  app.get(
    '/:id/deliveries',
    {
      config: admin,
      schema: {
        tags,
        summary: "Journal d'envois d'un webhook : statut, tentatives, code et durée de la dernière, extrait de réponse",
        params: idParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: listEnvelope(webhookDeliverySchema), ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, pagination } = await webhooks.listWebhookDeliveries(app.db, request.params.id, page, limit);
      return { success: true as const, data: items, pagination };
    },
  );

  app.post(
    '/:id/deliveries/:did/redeliver',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Renvoyer un événement (même webhook-id, même contenu) comme un nouvel envoi',
        params: deliveryParamsSchema,
        response: { 201: successEnvelope(webhookDeliverySchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await webhooks.redeliver(app.db, request.params.id, request.params.did);
      return reply.status(201).send({ success: true as const, data, message: WEBHOOK_MESSAGES.redelivered });
    },
  );
};

export default webhooksRoutes;
