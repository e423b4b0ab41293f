import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { narrowedVisibility } from '@gmao/domain/auth/visibility';
import { errorEnvelopeSchema, idParamsSchema, listEnvelope, successEnvelope } from '@gmao/domain/common/api';
import {
  acceptResultSchema,
  declineRequestSchema,
  interventionRequestSchema,
  REQUEST_MESSAGES as M,
  mergeRequestSchema,
  requestListQuerySchema,
  requestPhotoParamsSchema,
} from '@gmao/domain/requests/request-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadHeaders } from '../../lib/download.ts';
import { errorResponsesWithBusinessRule } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import * as service from './requests.service.ts';

const tags = ['requests'];
const manage = { access: { permission: PERMISSIONS.REQUESTS_MANAGE } };
const errors = { ...errorResponsesWithBusinessRule, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

/**
 * The inbox (/requests, requests:manage): the office reads the requests and decides them. Kept together because
 * they share one permission and one object: every route but the list names a request by its id, which the
 * section guard of requests.routes.ts checks before the handler.
 */
const requestInboxRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  app.get(
    '/requests',
    {
      config: { ...manage, scope: 'applied' as const },
      schema: {
        tags,
        summary: "Demandes d'intervention (boîte de réception)",
        querystring: requestListQuerySchema,
        response: { 200: listEnvelope(interventionRequestSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.listRequests(app.db, request.query, narrowedVisibility(requireUser(request)))),
    }),
  );

  app.get(
    '/requests/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: "Une demande d'intervention",
        params: idParamsSchema,
        response: { 200: successEnvelope(interventionRequestSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.getRequest(app.db, request.params.id) }),
  );

  app.get(
    '/requests/:id/photos/:photoId',
    { config: manage, schema: { tags, summary: 'Une photo de la demande', params: requestPhotoParamsSchema } },
    async (request, reply) => {
      const file = await service.openPhoto(app.db, storage, request.params.id, request.params.photoId);
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', file.size)
        .headers(downloadHeaders(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.post(
    '/requests/:id/accept',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Accepter : une intervention est créée (description, photos et demandeur repris)',
        params: idParamsSchema,
        response: { 200: successEnvelope(acceptResultSchema), ...errors },
      },
    },
    async (request) => {
      const r = await service.acceptRequest(app.db, storage, requireUser(request), request.params.id);
      return { success: true as const, data: r, message: M.accepted(r.intervention_id) };
    },
  );

  app.post(
    '/requests/:id/merge',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Fusionner dans une intervention ouverte du même équipement',
        params: idParamsSchema,
        body: mergeRequestSchema,
        response: { 200: successEnvelope(acceptResultSchema), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const r = await service.mergeRequest(app.db, storage, requireUser(request), id, request.body.intervention_id);
      return { success: true as const, data: r, message: M.merged(r.intervention_id) };
    },
  );

  app.post(
    '/requests/:id/decline',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Refuser avec un motif (le demandeur est prévenu par e-mail)',
        params: idParamsSchema,
        body: declineRequestSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await service.declineRequest(app.db, requireUser(request), request.params.id, request.body.motif);
      return { success: true as const, data: null, message: M.declined };
    },
  );
};

export default requestInboxRoutes;
