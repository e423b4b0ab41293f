import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import {
  materialInputSchema,
  materialParamsSchema,
  materialSchema,
  materialsListSchema,
  materialUpdateSchema,
} from '@gmao/domain/interventions/material-schemas';
import { MATERIAL_MESSAGES } from '@gmao/domain/interventions/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './materials.service.ts';

const errors = errorResponsesWithBusinessRule;
const tags = ['interventions'];
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };

/** Materials of an intervention (spec §7): lines with exact quantities and MAD prices, totals computed in SQL. */
const materialsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/materials',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ } },
      schema: { tags, params: idParamsSchema, response: { 200: successEnvelope(materialsListSchema), ...errors } },
    },
    async (request) => ({ success: true as const, data: await service.getMaterials(app.db, request.params.id) }),
  );

  app.post(
    '/:id/materials',
    {
      config: update,
      schema: {
        tags,
        params: idParamsSchema,
        body: materialInputSchema,
        response: { 201: successEnvelope(materialSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.addMaterial(app.db, requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, data, message: MATERIAL_MESSAGES.created });
    },
  );

  app.put(
    '/:id/materials/:mid',
    {
      config: update,
      schema: {
        tags,
        params: materialParamsSchema,
        body: materialUpdateSchema,
        response: { 200: successEnvelope(materialSchema), ...errors },
      },
    },
    async (request) => {
      const { id, mid } = request.params;
      const data = await service.editMaterial(app.db, id, mid, request.body);
      return { success: true as const, data, message: MATERIAL_MESSAGES.updated };
    },
  );

  app.delete(
    '/:id/materials/:mid',
    {
      config: update,
      schema: { tags, params: materialParamsSchema, response: { 200: successEnvelope(z.null()), ...errors } },
    },
    async (request) => {
      await service.removeMaterial(app.db, request.params.id, request.params.mid);
      return { success: true as const, data: null, message: MATERIAL_MESSAGES.deleted };
    },
  );
};

export default materialsRoutes;
