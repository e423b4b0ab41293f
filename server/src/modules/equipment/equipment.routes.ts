import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { listEnvelope, successEnvelope } from '@gmao/domain/common/api';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import {
  EQUIPMENT_MESSAGES,
  equipmentDetailSchema,
  equipmentInputSchema,
  equipmentListQuerySchema,
  equipmentSchema,
} from '@gmao/domain/equipment/equipment-schemas';
import { EQUIPMENT_TYPES } from '@gmao/domain/equipment/equipment-types';
import {
  METER_MESSAGES,
  meterReadingInputSchema,
  meterReadingParamsSchema,
  meterReadingSchema,
} from '@gmao/domain/equipment/meter-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorResponsesWithBusinessRule, idParamsSchema } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { guardObjectsById } from '../../plugins/visibility-guard.ts';
import * as equipment from './equipment.service.ts';
import * as meter from './meter.service.ts';

const tags = ['equipment'];

/** /api/equipment (spec §7 "Equipment"). Amounts (valeur, cout) are decimal strings with 2 decimals. */
const equipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // /:id and below: another section's equipment is "introuvable" for a section-limited user (visibility-guard.ts)
  guardObjectsById(app, 'equipment', EQUIPMENT_MESSAGES.notFound);
  app.get(
    '/',
    {
      config: { access: { permission: PERMISSIONS.EQUIPMENT_READ }, scope: 'applied' },
      schema: {
        tags,
        summary: 'Liste paginée (recherche : nom, marque, modèle, propriétaire ; filtres proprietaire_id, type)',
        querystring: equipmentListQuerySchema,
        response: { 200: listEnvelope(equipmentSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await equipment.list(app.db, requireUser(request), request.query)),
    }),
  );

  app.get(
    '/types',
    {
      config: { access: { permission: PERMISSIONS.EQUIPMENT_READ }, scope: 'own' },
      schema: {
        tags,
        summary: "Types d'équipement",
        response: { 200: successEnvelope(z.array(z.string())), ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: [...EQUIPMENT_TYPES] }),
  );

  app.get(
    '/:id',
    {
      config: { access: { permission: PERMISSIONS.EQUIPMENT_READ } },
      schema: {
        tags,
        summary: 'Un équipement, ses statistiques de maintenance et ses 5 dernières interventions',
        params: idParamsSchema,
        response: { 200: successEnvelope(equipmentDetailSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await equipment.get(app.db, requireUser(request), request.params.id),
    }),
  );

  app.post(
    '/',
    {
      config: { access: { permission: PERMISSIONS.EQUIPMENT_CREATE }, scope: 'applied' },
      schema: {
        tags,
        summary: 'Créer un équipement',
        body: equipmentInputSchema,
        response: { 201: successEnvelope(equipmentDetailSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await equipment.create(app.db, requireUser(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, data, message: MUTATION_MESSAGES.equipmentCreate.success });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: { permission: PERMISSIONS.EQUIPMENT_UPDATE } },
      schema: {
        tags,
        summary: 'Modifier un équipement',
        params: idParamsSchema,
        body: equipmentInputSchema,
        response: { 200: successEnvelope(equipmentDetailSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await equipment.update(app.db, requireUser(request), request.params.id, request.body),
      message: MUTATION_MESSAGES.equipmentUpdate.success,
    }),
  );

  app.delete(
    '/:id',
    {
      config: { access: { permission: PERMISSIONS.EQUIPMENT_DELETE } },
      schema: {
        tags,
        summary: 'Supprimer un équipement sans intervention (409 sinon)',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errorResponses },
      },
    },
    async (request) => {
      await equipment.remove(app.db, requireUser(request), request.params.id);
      return { success: true as const, data: null, message: MUTATION_MESSAGES.equipmentDelete.success };
    },
  );

  app.get(
    '/:id/readings',
    {
      config: { access: { permission: PERMISSIONS.EQUIPMENT_READ } },
      schema: {
        tags,
        summary: "Relevés du compteur d'heures de fonctionnement (les 20 derniers, du plus récent au plus ancien)",
        params: idParamsSchema,
        response: { 200: successEnvelope(z.array(meterReadingSchema)), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await meter.listReadings(app.db, request.params.id) }),
  );

  app.post(
    '/:id/readings',
    {
      config: { access: { permission: PERMISSIONS.EQUIPMENT_UPDATE } },
      schema: {
        tags,
        summary:
          "Saisir un relevé du compteur d'heures (refusé, 422, s'il est inférieur au relevé précédent) : déclencheur compteur des plans préventifs",
        params: idParamsSchema,
        body: meterReadingInputSchema,
        response: { 201: successEnvelope(meterReadingSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request, reply) => {
      const data = await meter.addReading(app.db, requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, data, message: METER_MESSAGES.created });
    },
  );

  app.put(
    '/:id/readings/:readingId',
    {
      config: { access: { permission: PERMISSIONS.EQUIPMENT_UPDATE } },
      schema: {
        tags,
        summary:
          "Corriger un relevé du compteur d'heures (mêmes règles qu'un nouveau relevé, vérifié contre les autres ; audité)",
        params: meterReadingParamsSchema,
        body: meterReadingInputSchema,
        response: { 200: successEnvelope(meterReadingSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => {
      const { id, readingId } = request.params;
      const data = await meter.updateReading(app.db, id, readingId, request.body);
      return { success: true as const, data, message: METER_MESSAGES.updated };
    },
  );

  app.delete(
    '/:id/readings/:readingId',
    {
      config: { access: { permission: PERMISSIONS.EQUIPMENT_UPDATE } },
      schema: {
        tags,
        summary: "Supprimer un relevé du compteur d'heures (audité ; les déclencheurs compteur des plans suivent)",
        params: meterReadingParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errorResponses },
      },
    },
    async (request) => {
      await meter.deleteReading(app.db, request.params.id, request.params.readingId);
      return { success: true as const, data: null, message: METER_MESSAGES.deleted };
    },
  );
};

export default equipmentRoutes;
