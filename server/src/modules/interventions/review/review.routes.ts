import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import {
  REVIEW_MESSAGES,
  reviewApproveSchema,
  reviewHistorySchema,
  reviewRejectSchema,
  reviewResponseSchema,
  reviewSchema,
  reviewSubmitSchema,
} from '@gmao/domain/interventions/review-schemas';
import { withVersion } from '@gmao/domain/interventions/version-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { preconditionOf, versionedWrite } from '../version-precondition.ts';
import * as service from './review.service.ts';

const errors = errorResponsesWithVersion;
const tags = ['interventions'];
const ok = { 200: successEnvelope(reviewSchema), ...errors };

/** Review sub-flow (spec §4, §7): submit needs interventions:update; approve/reject need interventions:approve. */
const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/review',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ } },
      schema: {
        tags,
        summary: 'Validation en cours (null si jamais soumise)',
        params: idParamsSchema,
        response: { 200: successEnvelope(reviewResponseSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.getReview(app.db, request.params.id) }),
  );

  app.get(
    '/:id/review/history',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ } },
      schema: {
        tags,
        summary: 'Historique de validation : la validation en cours et celles remplacées (réouverture, modification)',
        params: idParamsSchema,
        response: { 200: successEnvelope(reviewHistorySchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.getReviewHistory(app.db, request.params.id) }),
  );

  app.post(
    '/:id/review/submit',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } },
      schema: {
        tags,
        summary: 'Soumettre pour validation',
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(reviewSubmitSchema),
        response: ok,
      },
    },
    async (request) => {
      const { comment } = request.body;
      const data = await service.submit(
        app.db,
        requireUser(request),
        request.params.id,
        comment,
        preconditionOf(request),
      );
      return { success: true as const, data, message: REVIEW_MESSAGES.submitted };
    },
  );

  app.post(
    '/:id/review/approve',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_APPROVE } },
      schema: {
        tags,
        summary: 'Approuver',
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(reviewApproveSchema),
        response: ok,
      },
    },
    async (request) => {
      const text = request.body.comment?.trim() || null;
      const user = requireUser(request);
      const data = await service.decide(app.db, user, request.params.id, 'APPROUVEE', text, preconditionOf(request));
      return { success: true as const, data, message: REVIEW_MESSAGES.approved };
    },
  );

  app.post(
    '/:id/review/reject',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_APPROVE } },
      schema: {
        tags,
        summary: 'Rejeter (motif requis)',
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(reviewRejectSchema),
        response: ok,
      },
    },
    async (request) => {
      const { reason } = request.body;
      const user = requireUser(request);
      const data = await service.decide(app.db, user, request.params.id, 'REJETEE', reason, preconditionOf(request));
      return { success: true as const, data, message: REVIEW_MESSAGES.rejected };
    },
  );
};

export default reviewRoutes;
