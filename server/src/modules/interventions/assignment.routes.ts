import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { assignSchema, bulkAssignSchema, technicianOptionSchema } from '@gmao/domain/interventions/assignment-schemas';
import { bulkStatusSchema } from '@gmao/domain/interventions/bulk-schemas';
import { idParamsSchema, interventionSchema } from '@gmao/domain/interventions/intervention-schemas';
import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { listTechnicians } from './assignment.repository.ts';
import * as service from './assignment.service.ts';

const errors = errorResponsesWithBusinessRule;
const tags = ['interventions'];
const read = { access: { permission: PERMISSIONS.INTERVENTIONS_READ } };
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };

/** Technician assignment (spec §7): assign, unassign, bulk assign, the assignee lookup; and bulk status. */
const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/technicians',
    {
      config: read,
      schema: {
        tags,
        summary: 'Utilisateurs affectables (actifs, non supprimés)',
        response: { 200: successEnvelope(z.array(technicianOptionSchema)), ...errors },
      },
    },
    async () => ({ success: true as const, data: await listTechnicians(app.db) }),
  );

  app.put(
    '/bulk/assign',
    {
      config: update,
      schema: {
        tags,
        summary: 'Affecter un technicien à plusieurs interventions (tout ou rien)',
        body: bulkAssignSchema,
        response: { 200: successEnvelope(z.object({ count: z.number() })), ...errors },
      },
    },
    async (request) => {
      const data = await service.bulkAssign(app.db, requireUser(request), request.body);
      return { success: true as const, data, message: ASSIGNMENT_MESSAGES.bulkAssigned(data.count) };
    },
  );

  app.put(
    '/bulk/status',
    {
      config: update,
      schema: {
        tags,
        summary: 'Changer le statut de plusieurs interventions (tout ou rien, transitions du workflow)',
        body: bulkStatusSchema,
        response: { 200: successEnvelope(z.object({ count: z.number() })), ...errors },
      },
    },
    async (request) => {
      const data = await service.bulkStatus(app.db, requireUser(request), request.body);
      return { success: true as const, data, message: ASSIGNMENT_MESSAGES.bulkStatusUpdated(data.count) };
    },
  );

  app.put(
    '/:id/assign',
    {
      config: update,
      schema: {
        tags,
        params: idParamsSchema,
        body: assignSchema,
        response: { 200: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const data = await service.assign(app.db, user, request.params.id, request.body.technicianId);
      return { success: true as const, data, message: ASSIGNMENT_MESSAGES.assigned };
    },
  );

  app.delete(
    '/:id/assign',
    {
      config: update,
      schema: { tags, params: idParamsSchema, response: { 200: successEnvelope(interventionSchema), ...errors } },
    },
    async (request) => {
      const data = await service.unassign(app.db, requireUser(request), request.params.id);
      return { success: true as const, data, message: ASSIGNMENT_MESSAGES.unassigned };
    },
  );
};

export default assignmentRoutes;
