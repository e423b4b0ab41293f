import multipart from '@fastify/multipart';
import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { errorEnvelopeSchema, idSchema, successEnvelope } from '@gmao/domain/common/api';
import { habilitationSchema } from '@gmao/domain/habilitations/habilitation-schemas';
import { TITRE_DOCUMENT_MESSAGES as M, MAX_TITRE_BYTES } from '@gmao/domain/habilitations/titre-document';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { downloadHeaders } from '../../lib/download.ts';
import { errorResponsesWithBusinessRule } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import * as service from './habilitation-titre.service.ts';

const tags = ['habilitations'];
const hidParams = z.object({ hid: idSchema });
const errors = { ...errorResponsesWithBusinessRule, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

/**
 * The scanned signed titre of a habilitation (issue 34): PUT (multipart field `titre`, PDF by content, 10 MB), GET
 * (its holder or habilitations:manage). Multipart parsing is registered in this plugin only.
 */
const habilitationTitreRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_TITRE_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });

  app.put(
    '/habilitations/:hid/titre',
    {
      config: { access: { permission: PERMISSIONS.HABILITATIONS_MANAGE } },
      schema: {
        tags,
        summary: "Joindre ou remplacer le titre d'habilitation signé (multipart, champ « titre », PDF, 10 Mo max.)",
        consumes: ['multipart/form-data'],
        params: hidParams,
        response: { 200: successEnvelope(habilitationSchema), ...errors },
      },
    },
    async (request) => {
      const file = await request.file().catch((err: { code?: string }) => {
        if (err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('BAD_REQUEST', M.notMultipart);
        throw err;
      });
      if (file?.fieldname !== 'titre') {
        file?.file.resume();
        throw new AppError('BAD_REQUEST', M.fileRequired, [{ field: 'titre', msg: M.fileRequired }]);
      }
      const data = await service.uploadTitre(app.db, storage, request.params.hid, file);
      return { success: true as const, data, message: M.uploaded };
    },
  );

  app.get(
    '/habilitations/:hid/titre',
    {
      // habilitations:manage, or the titre's holder (checked by the service)
      config: { access: 'authenticated' },
      schema: { tags, summary: "Télécharger le titre d'habilitation signé (PDF)", params: hidParams },
    },
    async (request, reply) => {
      const file = await service.openTitre(app.db, storage, requireUser(request), request.params.hid);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.size)
        .headers(downloadHeaders(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};

export default habilitationTitreRoutes;
