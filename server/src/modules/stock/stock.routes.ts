import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { listEnvelope, successEnvelope } from '@gmao/domain/common/api';
import {
  locationInputSchema,
  locationSchema,
  movementInputSchema,
  movementListQuerySchema,
  movementSchema,
  STOCK_MESSAGES,
  STOCK_SETTINGS_MESSAGES,
  stockAlertSchema,
  stockSettingsSchema,
  stockSuggestionSchema,
} from '@gmao/domain/stock/stock-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as stock from './stock.service.ts';

const tags = ['stock'];
const read = { access: { permission: PERMISSIONS.STOCK_READ } };
const manage = { access: { permission: PERMISSIONS.STOCK_MANAGE } };

/** /api/stock: locations, the movement ledger, low-stock alerts and purchase suggestions (issue 18). */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/locations',
    {
      config: { ...read, scope: 'applied' as const },
      schema: {
        tags,
        summary: 'Emplacements de stock',
        response: { 200: successEnvelope(z.array(locationSchema)), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await stock.listLocations(app.db, requireUser(request)) }),
  );

  app.post(
    '/locations',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Créer un emplacement (MAGASIN, VEHICULE avec technicien_id, SITE avec client_id)',
        body: locationInputSchema,
        response: { 201: successEnvelope(locationSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await stock.createLocation(app.db, request.body);
      return reply.status(201).send({ success: true as const, data, message: STOCK_MESSAGES.locationCreated });
    },
  );

  app.get(
    '/movements',
    {
      config: { ...read, scope: 'applied' as const },
      schema: {
        tags,
        summary: 'Journal des mouvements (les plus récents d’abord ; filtres part_id, location_id)',
        querystring: movementListQuerySchema,
        response: { 200: listEnvelope(movementSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await stock.listMovements(app.db, requireUser(request), request.query)),
    }),
  );

  app.post(
    '/movements',
    {
      config: { ...manage, scope: 'applied' as const },
      schema: {
        tags,
        summary: 'Enregistrer un mouvement (409 « Stock insuffisant » si le disponible ne suffit pas)',
        body: movementInputSchema,
        response: { 201: successEnvelope(z.array(movementSchema)), ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await stock.recordMovement(app.db, requireUser(request), request.body);
      return reply.status(201).send({ success: true as const, data, message: STOCK_MESSAGES.movementRecorded });
    },
  );

  app.get(
    '/settings',
    {
      config: read,
      schema: {
        tags,
        summary: 'Paramètres du stock (stock négatif autorisé ou non)',
        response: { 200: successEnvelope(stockSettingsSchema), ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await stock.getStockSettings(app.db) }),
  );

  app.put(
    '/settings',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Changer les paramètres du stock (audité)',
        body: stockSettingsSchema,
        response: { 200: successEnvelope(stockSettingsSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await stock.updateStockSettings(app.db, request.body),
      message: STOCK_SETTINGS_MESSAGES.saved,
    }),
  );

  app.get(
    '/alerts',
    {
      config: read,
      schema: {
        tags,
        summary: 'Pièces dont le disponible est au plus le seuil de réapprovisionnement',
        response: { 200: successEnvelope(z.array(stockAlertSchema)), ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await stock.alerts(app.db) }),
  );

  app.get(
    '/suggestions',
    {
      config: read,
      schema: {
        tags,
        summary: "Proposition d'achat des pièces en stock bas",
        response: { 200: successEnvelope(z.array(stockSuggestionSchema)), ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await stock.suggestions(app.db) }),
  );
};
