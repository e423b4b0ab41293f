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
import { reviewNotice } from '@gmao/domain/interventions/review-schemas';
import { withVersion } from '@gmao/domain/interventions/version-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { preconditionOf, versionedWrite } from '../version-precondition.ts';
import * as service from './materials.service.ts';

const errors = errorResponsesWithVersion;
const tags = ['interventions'];
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };

/** Materials of an intervention (spec §7): lines with exact quantities and MAD prices, totals computed in SQL. */
const materialsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/materials',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ } },
      schema: {
        summary: "Lignes de matériel de l'intervention",
        tags,
        params: idParamsSchema,
        response: { 200: successEnvelope(materialsListSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.getMaterials(app.db, request.params.id) }),
  );

  app.post(
    '/:id/materials',
    {
      config: update,
      schema: {
        tags,
        summary: 'Ajouter une ligne de matériel',
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(materialInputSchema),
        response: { 201: successEnvelope(materialSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const r = await service.addMaterial(app.db, user, request.params.id, request.body, preconditionOf(request));
      const message = reviewNotice(MATERIAL_MESSAGES.created, r.backToReview);
      return reply.status(201).send({ success: true as const, data: r.data, message });
    },
  );

  app.put(
    '/:id/materials/:mid',
    {
      config: update,
      schema: {
        tags,
        summary: 'Modifier une ligne de matériel (auteur ou responsable)',
        ...versionedWrite,
        params: materialParamsSchema,
        body: withVersion(materialUpdateSchema),
        response: { 200: successEnvelope(materialSchema), ...errors },
      },
    },
    async (request) => {
      const { id, mid } = request.params;
      const r = await service.editMaterial(
        app.db,
        requireUser(request),
        id,
        mid,
        request.body,
        preconditionOf(request),
      );
      return { success: true as const, data: r.data, message: reviewNotice(MATERIAL_MESSAGES.updated, r.backToReview) };
    },
  );

  app.delete(
    '/:id/materials/:mid',
    {
      config: update,
      schema: {
        tags,
        summary: 'Supprimer une ligne de matériel (auteur ou responsable)',
        ...versionedWrite,
        params: materialParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const { id, mid } = request.params;
      const r = await service.removeMaterial(app.db, requireUser(request), id, mid, preconditionOf(request));
      return { success: true as const, data: null, message: reviewNotice(MATERIAL_MESSAGES.deleted, r.backToReview) };
    },
  );
};

export default materialsRoutes;
