import multipart from '@fastify/multipart';
import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { errorEnvelopeSchema, successEnvelope } from '@gmao/domain/common/api';
import {
  attachmentParamsSchema,
  attachmentSchema,
  MAX_ATTACHMENT_BYTES,
  servedContentType,
} from '@gmao/domain/interventions/attachment-schemas';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { reviewNotice } from '@gmao/domain/interventions/review-schemas';
import { attachmentKeyHeaderSchema } from '@gmao/domain/interventions/sync-schemas';
import { ifMatchHeadersSchema } from '@gmao/domain/interventions/version-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadHeaders } from '../../../lib/download.ts';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUploadedFile } from '../../../lib/upload.ts';
import { requireUser } from '../../../plugins/auth.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { preconditionOf, versionedWrite } from '../version-precondition.ts';
import * as service from './attachments.service.ts';

const errors = { ...errorResponsesWithVersion, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };
const tags = ['interventions'];
const read = { access: { permission: PERMISSIONS.INTERVENTIONS_READ } };
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };

/**
 * Attachments (spec §7): multipart field `file`, one file per request, 10 MB, images / PDF / office documents.
 * Multipart parsing is registered here only, so no other route accepts multipart bodies.
 */
const attachmentsRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, opts) => {
  const { storage } = opts;
  await app.register(multipart, {
    limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.get(
    '/:id/attachments',
    {
      config: read,
      schema: {
        summary: "Pièces jointes de l'intervention",
        tags,
        params: idParamsSchema,
        response: { 200: successEnvelope(z.array(attachmentSchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.getAttachments(app.db, request.params.id) }),
  );

  app.post(
    '/:id/attachments',
    {
      config: update,
      schema: {
        tags,
        summary: 'Ajouter une pièce jointe (multipart, champ « file », 10 Mo max.)',
        ...versionedWrite,
        description: `${versionedWrite.description}\n\nAvec \`Idempotency-Key\` (une photo prise hors ligne, issue 32) : un second envoi avec la même clé renvoie la pièce jointe déjà enregistrée (200).`,
        headers: ifMatchHeadersSchema.extend(attachmentKeyHeaderSchema.shape),
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: successEnvelope(attachmentSchema), 201: successEnvelope(attachmentSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = await requireUploadedFile(request);
      const precondition = preconditionOf(request);
      const key = request.headers['idempotency-key'];
      const changeId = typeof key === 'string' ? key : null;
      const r = await service.uploadAttachment(app.db, storage, user, request.params.id, file, precondition, changeId);
      const message = reviewNotice(ATTACHMENT_MESSAGES.uploaded, r.backToReview);
      return reply.status(r.replayed ? 200 : 201).send({ success: true as const, data: r.data, message });
    },
  );

  app.get(
    '/:id/attachments/:attId/download',
    { config: read, schema: { tags, summary: 'Télécharger le fichier', params: attachmentParamsSchema } },
    async (request, reply) => {
      const { id, attId } = request.params;
      const file = await service.openAttachment(app.db, storage, id, attId);
      return reply
        .header('content-type', servedContentType(file.mimeType))
        .header('content-length', file.size)
        .headers(downloadHeaders(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.delete(
    '/:id/attachments/:attId',
    {
      config: update,
      schema: {
        tags,
        summary: 'Supprimer une pièce jointe (auteur ou responsable)',
        ...versionedWrite,
        params: attachmentParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const r = await service.removeAttachment(app.db, storage, user, request.params, preconditionOf(request));
      return { success: true as const, data: null, message: reviewNotice(ATTACHMENT_MESSAGES.deleted, r.backToReview) };
    },
  );
};

export default attachmentsRoutes;
