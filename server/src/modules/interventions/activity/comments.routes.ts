import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { listEnvelope, makePagination, successEnvelope } from '@gmao/domain/common/api';
import {
  commentInputSchema,
  commentListQuerySchema,
  commentParamsSchema,
  commentSchema,
} from '@gmao/domain/interventions/activity-schemas';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import { ACTIVITY_MESSAGES } from '@gmao/domain/interventions/messages';
import { withVersion } from '@gmao/domain/interventions/version-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { preconditionOf, versionedWrite } from '../version-precondition.ts';
import * as service from './comments.service.ts';

const errors = errorResponsesWithVersion;
const tags = ['interventions'];
const read = { access: { permission: PERMISSIONS.INTERVENTIONS_READ } };
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };

/**
 * Comments (spec §7). Writing needs interventions:update (like workflow notes); a comment is edited or deleted by
 * its author or an administrator only.
 */
const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/comments',
    {
      config: read,
      schema: {
        summary: "Commentaires de l'intervention (les plus anciens d'abord)",
        tags,
        params: idParamsSchema,
        querystring: commentListQuerySchema,
        response: { 200: listEnvelope(commentSchema), ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await service.getComments(app.db, request.params.id, page, limit);
      return { success: true as const, data: rows, pagination: makePagination(total, page, limit) };
    },
  );

  app.post(
    '/:id/comments',
    {
      config: update,
      schema: {
        tags,
        summary: 'Commenter (tout détenteur de interventions:update)',
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(commentInputSchema),
        response: { 201: successEnvelope(commentSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { comment } = request.body;
      const data = await service.addComment(app.db, user, request.params.id, comment, preconditionOf(request));
      return reply.status(201).send({ success: true as const, data, message: ACTIVITY_MESSAGES.commentCreated });
    },
  );

  app.put(
    '/:id/comments/:cid',
    {
      config: update,
      schema: {
        tags,
        summary: 'Modifier (auteur ou administrateur)',
        ...versionedWrite,
        params: commentParamsSchema,
        body: withVersion(commentInputSchema),
        response: { 200: successEnvelope(commentSchema), ...errors },
      },
    },
    async (request) => {
      const { id, cid } = request.params;
      const user = requireUser(request);
      const data = await service.editComment(app.db, user, id, cid, request.body.comment, preconditionOf(request));
      return { success: true as const, data, message: ACTIVITY_MESSAGES.commentUpdated };
    },
  );

  app.delete(
    '/:id/comments/:cid',
    {
      config: update,
      schema: {
        tags,
        summary: 'Supprimer (auteur ou administrateur)',
        ...versionedWrite,
        params: commentParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const { id, cid } = request.params;
      await service.removeComment(app.db, requireUser(request), id, cid, preconditionOf(request));
      return { success: true as const, data: null, message: ACTIVITY_MESSAGES.commentDeleted };
    },
  );
};

export default commentsRoutes;
