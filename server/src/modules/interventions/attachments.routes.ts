import multipart from '@fastify/multipart';
import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { errorEnvelopeSchema, successEnvelope } from '@gmao/domain/common/api';
import {
  attachmentParamsSchema,
  attachmentSchema,
  MAX_ATTACHMENT_BYTES,
} from '@gmao/domain/interventions/attachment-schemas';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponsesWithBusinessRule } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './attachments.service.ts';
import type { FileStorage } from './file-storage.ts';

const errors = { ...errorResponsesWithBusinessRule, 413: errorEnvelopeSchema };
const tags = ['interventions'];
const read = { access: { permission: PERMISSIONS.INTERVENTIONS_READ } };
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
function contentDisposition(filename: string) {
  const ascii =
    filename
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'fichier';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

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
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: successEnvelope(attachmentSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = await request.file().catch((err: { code?: string }) => {
        if (err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
          throw new AppError('BAD_REQUEST', ATTACHMENT_MESSAGES.notMultipart);
        }
        throw err;
      });
      if (file?.fieldname !== 'file') {
        file?.file.resume();
        throw new AppError('BAD_REQUEST', ATTACHMENT_MESSAGES.fileRequired, [
          { field: 'file', msg: ATTACHMENT_MESSAGES.fileRequired },
        ]);
      }
      const data = await service.uploadAttachment(app.db, storage, user, request.params.id, file);
      return reply.status(201).send({ success: true as const, data, message: ATTACHMENT_MESSAGES.uploaded });
    },
  );

  app.get(
    '/:id/attachments/:attId/download',
    { config: read, schema: { tags, summary: 'Télécharger le fichier', params: attachmentParamsSchema } },
    async (request, reply) => {
      const { id, attId } = request.params;
      const file = await service.openAttachment(app.db, storage, id, attId);
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.delete(
    '/:id/attachments/:attId',
    {
      config: update,
      schema: { tags, params: attachmentParamsSchema, response: { 200: successEnvelope(z.null()), ...errors } },
    },
    async (request) => {
      await service.removeAttachment(app.db, storage, request.params.id, request.params.attId);
      return { success: true as const, data: null, message: ATTACHMENT_MESSAGES.deleted };
    },
  );
};

export default attachmentsRoutes;
