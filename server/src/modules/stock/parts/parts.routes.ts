import multipart from '@fastify/multipart';
import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { visibilityOf } from '@gmao/domain/auth/visibility';
import { errorEnvelopeSchema, idParamsSchema, listEnvelope, successEnvelope } from '@gmao/domain/common/api';
import { MAX_ATTACHMENT_BYTES } from '@gmao/domain/interventions/attachment-schemas';
import { PARTS_CSV_MESSAGES, partsImportResultSchema, partsImportSchema } from '@gmao/domain/stock/parts-csv';
import {
  partDetailSchema,
  partInputSchema,
  partListQuerySchema,
  partSchema,
  STOCK_MESSAGES,
} from '@gmao/domain/stock/stock-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BULK_COMPRESSION } from '../../../lib/compression.ts';
import { downloadHeaders } from '../../../lib/download.ts';
import { errorResponses } from '../../../lib/route-schemas.ts';
import { requireUploadedFile } from '../../../lib/upload.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { defaultUploadsDir, type FileStorage, localDiskStorage } from '../../../storage/file-storage.ts';
import { recordExport } from '../../audit/audit.service.ts';
import * as parts from './parts.service.ts';

const tags = ['stock'];
const read = { access: { permission: PERMISSIONS.STOCK_READ } };
/** The parts catalogue holds no client data: a section-limited user picks parts from it too (issue 33). */
const catalogue = { ...read, scope: 'own' as const };
const manage = { access: { permission: PERMISSIONS.STOCK_MANAGE } };

/** /api/parts: the spare parts catalogue (issue 18). */
export const partsRoutes: FastifyPluginAsyncZod<{ storage?: FileStorage }> = async (app, opts) => {
  const storage = opts.storage ?? localDiskStorage(defaultUploadsDir);
  await app.register(partPhotoRoutes, { storage });
  app.get(
    '/',
    {
      config: catalogue,
      schema: {
        tags,
        summary: 'Catalogue paginé (recherche : référence ou mots de la désignation / famille)',
        querystring: partListQuerySchema,
        response: { 200: listEnvelope(partSchema), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, ...(await parts.listParts(app.db, request.query)) }),
  );

  app.get(
    '/export.csv',
    {
      config: read,
      compress: BULK_COMPRESSION,
      schema: { tags, summary: 'Export CSV du catalogue (avec le stock total de chaque pièce)' },
    },
    async (_request, reply) => {
      await recordExport(app.db, 'csv', 'catalogue des pièces', null);
      return reply
        .type('text/csv; charset=utf-8')
        .headers(downloadHeaders(PARTS_CSV_MESSAGES.fileName))
        .send(parts.partsCsvStream(app.db));
    },
  );

  app.post(
    '/import',
    {
      config: manage,
      // 5 000 lines of a CSV fit well under 6 MB
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Importer le catalogue (CSV de l’export) : tout ou rien, erreurs par ligne',
        body: partsImportSchema,
        response: { 200: successEnvelope(partsImportResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      const data = await parts.importParts(app.db, request.body.contenu);
      return { success: true as const, data, message: PARTS_CSV_MESSAGES.done(data.created, data.updated) };
    },
  );

  app.get(
    '/:id',
    {
      config: catalogue,
      schema: {
        tags,
        summary: 'Une pièce et son stock par emplacement',
        params: idParamsSchema,
        response: { 200: successEnvelope(partDetailSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await parts.getPart(app.db, request.params.id, visibilityOf(requireUser(request))),
    }),
  );

  app.post(
    '/',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Créer une pièce',
        body: partInputSchema,
        response: { 201: successEnvelope(partDetailSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await parts.createPart(app.db, request.body);
      return reply.status(201).send({ success: true as const, data, message: STOCK_MESSAGES.partCreated });
    },
  );

  app.put(
    '/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Modifier une pièce',
        params: idParamsSchema,
        body: partInputSchema,
        response: { 200: successEnvelope(partDetailSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await parts.updatePart(app.db, request.params.id, request.body),
      message: STOCK_MESSAGES.partUpdated,
    }),
  );

  app.delete(
    '/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Supprimer une pièce sans mouvement ni utilisation (409 sinon)',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errorResponses },
      },
    },
    async (request) => {
      await parts.deletePart(app.db, request.params.id, storage);
      return { success: true as const, data: null, message: STOCK_MESSAGES.partDeleted };
    },
  );
};

/**
 * /api/parts/:id/photo (issue 18): one image per part (multipart field `file`, JPEG / PNG / GIF / WebP, 10 MB),
 * checked like the attachments. Multipart parsing is registered in this plugin only.
 */
const partPhotoRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  const errors = { ...errorResponses, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

  app.get(
    '/:id/photo',
    { config: catalogue, schema: { tags, summary: 'La photo de la pièce', params: idParamsSchema } },
    async (request, reply) => {
      const file = await parts.openPartPhoto(app.db, storage, request.params.id);
      return reply
        .header('content-type', file.type)
        .header('content-length', file.size)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.put(
    '/:id/photo',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Enregistrer ou remplacer la photo (multipart, champ « file », image 10 Mo max.)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: successEnvelope(partDetailSchema), ...errors },
      },
    },
    async (request) => {
      const file = await requireUploadedFile(request);
      const data = await parts.uploadPartPhoto(app.db, storage, request.params.id, file);
      return { success: true as const, data, message: STOCK_MESSAGES.photoUploaded };
    },
  );

  app.delete(
    '/:id/photo',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Supprimer la photo',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await parts.removePartPhoto(app.db, storage, request.params.id);
      return { success: true as const, data: null, message: STOCK_MESSAGES.photoDeleted };
    },
  );
};
