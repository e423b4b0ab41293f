import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import {
  CHECKLIST_MESSAGES,
  checklistAddSchema,
  checklistCheckSchema,
  checklistItemParamsSchema,
  checklistSchema,
} from '@gmao/domain/interventions/checklist-schemas';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import { reviewNotice } from '@gmao/domain/interventions/review-schemas';
import { withVersion } from '@gmao/domain/interventions/version-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { preconditionOf, versionedWrite } from '../version-precondition.ts';
import * as service from './checklist.service.ts';

const errors = errorResponsesWithVersion;
const tags = ['interventions'];
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };
const ok = { 200: successEnvelope(checklistSchema), ...errors };

/** GET/POST /interventions/:id/checklist, PUT/DELETE /interventions/:id/checklist/:itemId (spec §7). */
const checklistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/checklist',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ } },
      schema: { tags, summary: 'Checklist et avancement (cochées / total)', params: idParamsSchema, response: ok },
    },
    async (request) => ({ success: true as const, data: await service.getChecklist(app.db, request.params.id) }),
  );

  app.put(
    '/:id/checklist/:itemId',
    {
      config: update,
      schema: {
        tags,
        summary: 'Cocher / décocher une étape',
        ...versionedWrite,
        params: checklistItemParamsSchema,
        body: withVersion(checklistCheckSchema),
        response: ok,
      },
    },
    async (request) => {
      const { id, itemId } = request.params;
      const user = requireUser(request);
      const r = await service.checkItem(app.db, user, id, itemId, request.body.checked, preconditionOf(request));
      return {
        success: true as const,
        data: r.data,
        message: reviewNotice(CHECKLIST_MESSAGES.updated, r.backToReview),
      };
    },
  );

  app.post(
    '/:id/checklist',
    {
      config: update,
      schema: {
        tags,
        summary: 'Ajouter une étape',
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(checklistAddSchema),
        response: { 201: successEnvelope(checklistSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { label } = request.body;
      const user = requireUser(request);
      const r = await service.addChecklistItem(app.db, user, request.params.id, label, preconditionOf(request));
      const message = reviewNotice(CHECKLIST_MESSAGES.added, r.backToReview);
      return reply.status(201).send({ success: true as const, data: r.data, message });
    },
  );

  app.delete(
    '/:id/checklist/:itemId',
    {
      config: update,
      schema: {
        tags,
        summary: 'Retirer une étape',
        ...versionedWrite,
        params: checklistItemParamsSchema,
        response: ok,
      },
    },
    async (request) => {
      const { id, itemId } = request.params;
      const r = await service.removeChecklistItem(app.db, requireUser(request), id, itemId, preconditionOf(request));
      return {
        success: true as const,
        data: r.data,
        message: reviewNotice(CHECKLIST_MESSAGES.deleted, r.backToReview),
      };
    },
  );
};

export default checklistRoutes;
