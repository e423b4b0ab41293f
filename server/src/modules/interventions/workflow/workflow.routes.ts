import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import {
  historyEntrySchema,
  idParamsSchema,
  workflowNoteSchema,
  workflowSchema,
} from '@gmao/domain/interventions/intervention-schemas';
import { withVersion } from '@gmao/domain/interventions/version-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { preconditionOf, versionedWrite } from '../version-precondition.ts';
import * as workflow from './workflow.service.ts';

const errors = errorResponsesWithVersion;
const read = { access: { permission: PERMISSIONS.INTERVENTIONS_READ } };
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };
const tags = ['interventions'];

/** The derived workflow (phases, next actions, allowed moves), the history and its notes (spec §7). */
const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/workflow',
    {
      config: read,
      schema: {
        summary: "Suivi de l'intervention : phases, actions suivantes, transitions permises",
        tags,
        params: idParamsSchema,
        response: { 200: successEnvelope(workflowSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await workflow.getWorkflow(app.db, request.params.id) }),
  );

  app.get(
    '/:id/workflow/history',
    {
      config: read,
      schema: {
        summary: 'Historique des statuts et notes de suivi',
        tags,
        params: idParamsSchema,
        response: { 200: successEnvelope(z.array(historyEntrySchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await workflow.getHistory(app.db, request.params.id) }),
  );

  app.post(
    '/:id/workflow/notes',
    {
      config: update,
      schema: {
        tags,
        summary: 'Ajouter une note au suivi',
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(workflowNoteSchema),
        response: { 201: successEnvelope(historyEntrySchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await workflow.addNote(app.db, user, request.params.id, request.body.note, preconditionOf(request));
      return reply.status(201).send({ success: true as const, data, message: WORKFLOW_MESSAGES.noteAdded });
    },
  );
};

export default workflowRoutes;
