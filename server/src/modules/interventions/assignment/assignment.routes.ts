import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { idSchema, successEnvelope } from '@gmao/domain/common/api';
import { assignSchema, bulkAssignSchema, technicianOptionSchema } from '@gmao/domain/interventions/assignment-schemas';
import { idParamsSchema, interventionSchema } from '@gmao/domain/interventions/intervention-schemas';
import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { withVersion } from '@gmao/domain/interventions/version-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { preconditionOf, versionedWrite } from '../version-precondition.ts';
import * as service from './assignment.service.ts';

const errors = errorResponsesWithVersion;
const tags = ['interventions'];
const read = { access: { permission: PERMISSIONS.INTERVENTIONS_READ } };
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };
const assign = { access: { permission: PERMISSIONS.INTERVENTIONS_ASSIGN } };

/** Technician assignment (spec §7): assign, unassign, bulk assign, the assignee lookup. */
const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/technicians',
    {
      // the staff who can be assigned: no client data (a section-limited responsable assigns too)
      config: { ...read, scope: 'own' },
      schema: {
        tags,
        summary:
          "Utilisateurs affectables (actifs, non supprimés) ; avec intervention_id, leur habilitation pour ce travail (les habilités d'abord)",
        querystring: z.object({ intervention_id: idSchema.optional() }),
        response: { 200: successEnvelope(z.array(technicianOptionSchema)), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getTechnicians(app.db, request.query.intervention_id),
    }),
  );

  app.put(
    '/bulk/assign',
    {
      config: assign,
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

  // interventions:update only: a technician may take an unassigned intervention for himself; any other assignment
  // needs interventions:assign, checked by the service (domain/src/interventions/policy.ts). PUT and POST (issue 34's
  // contract) are the same call.
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/:id/assign',
      config: update,
      schema: {
        tags,
        summary:
          "Affecter un technicien (sans interventions:assign : seulement soi-même, si personne ne la tient) ; 422 HABILITATION_REQUISE sans l'habilitation requise, sauf dérogation (habilitations:override)",
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(assignSchema),
        response: { 200: successEnvelope(interventionSchema), ...errors },
      },
      handler: async (request) => {
        const user = requireUser(request);
        const { technicianId, derogation } = request.body;
        const id = request.params.id;
        const data = await service.assign(app.db, user, id, technicianId, preconditionOf(request), derogation);
        return { success: true as const, data, message: ASSIGNMENT_MESSAGES.assigned };
      },
    });
  }

  app.delete(
    '/:id/assign',
    {
      config: assign,
      schema: {
        tags,
        summary: 'Retirer le technicien affecté',
        ...versionedWrite,
        params: idParamsSchema,
        response: { 200: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request) => {
      const data = await service.unassign(app.db, requireUser(request), request.params.id, preconditionOf(request));
      return { success: true as const, data, message: ASSIGNMENT_MESSAGES.unassigned };
    },
  );
};

export default assignmentRoutes;
