import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { listEnvelope, makePagination, successEnvelope } from '@gmao/domain/common/api';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import {
  historyEntrySchema,
  idParamsSchema,
  interventionCreateSchema,
  interventionListQuerySchema,
  interventionSchema,
  interventionUpdateSchema,
  statusChangeSchema,
  statusCountsQuerySchema,
  statusCountsSchema,
  workflowNoteSchema,
  workflowSchema,
} from '@gmao/domain/interventions/intervention-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import assignmentRoutes from './assignment.routes.ts';
import attachmentsRoutes from './attachments.routes.ts';
import checklistRoutes from './checklist.routes.ts';
import commentsRoutes from './comments.routes.ts';
import compteRenduRoutes from './compte-rendu.routes.ts';
import exportRoutes from './export.routes.ts';
import { defaultUploadsDir, localDiskStorage } from './file-storage.ts';
import { statusCounts } from './history.repository.ts';
import { listInterventions } from './interventions.repository.ts';
import * as service from './interventions.service.ts';
import lifecycleRoutes from './lifecycle.routes.ts';
import materialsRoutes from './materials.routes.ts';
import recordsRoutes from './records.routes.ts';
import reviewRoutes from './review.routes.ts';
import timerRoutes from './timer.routes.ts';
import * as workflow from './workflow.service.ts';

const errors = errorResponsesWithBusinessRule;
const read = { access: { permission: PERMISSIONS.INTERVENTIONS_READ } };
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };
const tags = ['interventions'];

/**
 * Interventions: list, CRUD, status workflow, history and notes (spec §7). The analytics module serves
 * /analytics, /completion-metrics and /performance on the same prefix.
 */
const interventionsRoutes: FastifyPluginAsyncZod<{ uploadsDir?: string }> = async (app, opts) => {
  const storage = localDiskStorage(opts.uploadsDir ?? defaultUploadsDir);
  // Sub-resources of an intervention, each in its own file (same prefix).
  await app.register(attachmentsRoutes, { storage });
  await app.register(assignmentRoutes);
  await app.register(recordsRoutes);
  await app.register(materialsRoutes);
  await app.register(commentsRoutes);
  await app.register(timerRoutes);
  await app.register(exportRoutes);
  await app.register(lifecycleRoutes, { storage });
  await app.register(checklistRoutes);
  await app.register(reviewRoutes);
  await app.register(compteRenduRoutes);

  app.get(
    '/',
    {
      config: read,
      schema: {
        tags,
        summary: 'Liste filtrée et paginée (plus récentes en premier)',
        querystring: interventionListQuerySchema,
        response: { 200: listEnvelope(interventionSchema), ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filters } = request.query;
      const { rows, total } = await listInterventions(app.db, filters, page, limit);
      return { success: true as const, data: rows, pagination: makePagination(total, page, limit) };
    },
  );

  app.get(
    '/status-counts',
    {
      config: read,
      schema: {
        tags,
        summary: 'Nombre d’interventions par statut (mêmes filtres que la liste)',
        querystring: statusCountsQuerySchema,
        response: { 200: successEnvelope(statusCountsSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await statusCounts(app.db, request.query) }),
  );

  app.get(
    '/:id',
    {
      config: read,
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.getIntervention(app.db, request.params.id) }),
  );

  app.post(
    '/',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_CREATE } },
      schema: {
        tags,
        summary: "Créer (le client est le propriétaire de l'équipement)",
        body: interventionCreateSchema,
        response: { 201: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.createIntervention(app.db, requireUser(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, data, message: MUTATION_MESSAGES.interventionCreate.success });
    },
  );

  app.put(
    '/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Modifier (un changement de statut suit le workflow)',
        params: idParamsSchema,
        body: interventionUpdateSchema,
        response: { 200: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request) => {
      const data = await service.updateIntervention(app.db, requireUser(request), request.params.id, request.body);
      const message = request.body.statut ? MUTATION_MESSAGES.statusUpdate.success : WORKFLOW_MESSAGES.updated;
      return { success: true as const, data, message };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_DELETE } },
      schema: { tags, params: idParamsSchema, response: { 200: successEnvelope(z.null()), ...errors } },
    },
    async (request) => {
      const fileKeys = await service.deleteIntervention(app.db, request.params.id);
      await storage.remove(fileKeys);
      return { success: true as const, data: null, message: MUTATION_MESSAGES.interventionDelete.success };
    },
  );

  app.put(
    '/:id/status',
    {
      config: update,
      schema: {
        tags,
        summary: 'Changer le statut (transitions autorisées seulement, sinon 422)',
        params: idParamsSchema,
        body: statusChangeSchema,
        response: { 200: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request) => {
      const { statut, note } = request.body;
      const data = await service.changeStatus(app.db, requireUser(request), request.params.id, statut, note);
      return { success: true as const, data, message: MUTATION_MESSAGES.statusUpdate.success };
    },
  );

  app.get(
    '/:id/workflow',
    {
      config: read,
      schema: { tags, params: idParamsSchema, response: { 200: successEnvelope(workflowSchema), ...errors } },
    },
    async (request) => ({ success: true as const, data: await workflow.getWorkflow(app.db, request.params.id) }),
  );

  app.get(
    '/:id/workflow/history',
    {
      config: read,
      schema: {
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
        params: idParamsSchema,
        body: workflowNoteSchema,
        response: { 201: successEnvelope(historyEntrySchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await workflow.addNote(app.db, requireUser(request), request.params.id, request.body.note);
      return reply.status(201).send({ success: true as const, data, message: WORKFLOW_MESSAGES.noteAdded });
    },
  );
};

export default interventionsRoutes;
