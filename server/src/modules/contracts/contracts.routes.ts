import multipart from '@fastify/multipart';
import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { narrowedVisibility } from '@gmao/domain/auth/visibility';
import { errorEnvelopeSchema, idParamsSchema, listEnvelope, successEnvelope } from '@gmao/domain/common/api';
import {
  contractDocumentParamsSchema,
  contractDocumentSchema,
  contractInputSchema,
  contractListItemSchema,
  contractListQuerySchema,
  contractSchema,
  CONTRACT_MESSAGES as M,
} from '@gmao/domain/contracts/contract-schemas';
import { MAX_ATTACHMENT_BYTES, servedContentType } from '@gmao/domain/interventions/attachment-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { downloadHeaders } from '../../lib/download.ts';
import { errorResponsesWithBusinessRule as errors } from '../../lib/route-schemas.ts';
import { requireUploadedFile } from '../../lib/upload.ts';
import { requireUser } from '../../plugins/auth.ts';
import { guardObjectsById } from '../../plugins/visibility-guard.ts';
import { defaultUploadsDir, type FileStorage, localDiskStorage } from '../../storage/file-storage.ts';
import { userSees } from '../visibility/visibility.service.ts';
import * as documents from './contract-documents.service.ts';
import * as contracts from './contracts.service.ts';

const read = { access: { permission: PERMISSIONS.CONTRACTS_READ } };
const manage = { access: { permission: PERMISSIONS.CONTRACTS_MANAGE } };
const tags = ['contracts'];
const fileErrors = { ...errors, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

/** The signed documents of a contract (multipart parsing registered in this scope only). */
const documentsRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.get(
    '/:id/documents',
    {
      config: read,
      schema: {
        summary: 'Documents joints au contrat',
        tags,
        params: idParamsSchema,
        response: { 200: successEnvelope(z.array(contractDocumentSchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await documents.listDocuments(app.db, request.params.id) }),
  );

  app.post(
    '/:id/documents',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Joindre un document au contrat (le PDF signé ; multipart, champ « file », 10 Mo max.)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: successEnvelope(contractDocumentSchema), ...fileErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = await requireUploadedFile(request);
      const data = await documents.uploadDocument(app.db, storage, user, request.params.id, file);
      return reply.status(201).send({ success: true as const, data, message: M.documentUploaded });
    },
  );

  app.get(
    '/:id/documents/:docId/download',
    { config: read, schema: { tags, summary: 'Télécharger le document', params: contractDocumentParamsSchema } },
    async (request, reply) => {
      const file = await documents.openDocument(app.db, storage, request.params.id, request.params.docId);
      return reply
        .header('content-type', servedContentType(file.mimeType))
        .header('content-length', file.size)
        .headers(downloadHeaders(file.originalName))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.delete(
    '/:id/documents/:docId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Retirer un document du contrat',
        params: contractDocumentParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await documents.removeDocument(app.db, storage, request.params.id, request.params.docId);
      return { success: true as const, data: null, message: M.documentDeleted };
    },
  );
};

/** Maintenance contracts (issue 31), at /api/contracts. */
const contractsRoutes: FastifyPluginAsyncZod<{ storage?: FileStorage }> = async (app, opts) => {
  const storage = opts.storage ?? localDiskStorage(defaultUploadsDir);
  // /:id and below: another section's contract is "introuvable" for a section-limited user (visibility-guard.ts)
  guardObjectsById(app, 'contract', M.notFound);
  app.get(
    '/',
    {
      config: { ...read, scope: 'applied' as const },
      schema: {
        tags,
        summary:
          'Contrats (recherche : numéro, client ; filtres client_id, expiring = fin dans les 60 jours), par date de fin',
        querystring: contractListQuerySchema,
        response: { 200: listEnvelope(contractListItemSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await contracts.listContracts(app.db, {
        ...request.query,
        visibility: narrowedVisibility(requireUser(request)),
      })),
    }),
  );

  app.post(
    '/',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Créer un contrat : équipements couverts (null = tous ceux du client), calendrier, délais garantis, statuts de pause',
        body: contractInputSchema,
        response: { 201: successEnvelope(contractSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await contracts.createContract(app.db, requireUser(request), request.body);
      return reply.status(201).send({ success: true as const, data, message: M.created });
    },
  );

  app.get(
    '/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Un contrat, ses versions (la plus récente en premier) et ses documents',
        params: idParamsSchema,
        response: { 200: successEnvelope(contractSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await contracts.getContract(app.db, request.params.id) }),
  );

  app.put(
    '/:id',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Modifier un contrat : crée une nouvelle version (les interventions gardent celle sous laquelle elles ont commencé)',
        params: idParamsSchema,
        body: contractInputSchema,
        response: { 200: successEnvelope(contractSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // nor give the contract to a client out of his sight
      if (!(await userSees(app.db, user, 'client', request.body.client_id)))
        throw new AppError('NOT_FOUND', M.notFound);
      const data = await contracts.updateContract(app.db, user, request.params.id, request.body);
      return { success: true as const, data, message: M.updated(data.version) };
    },
  );

  app.delete(
    '/:id',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Supprimer un contrat ; s’il est suivi par des interventions, il est seulement retiré des listes et de la couverture',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.object({ soft: z.boolean() })), ...errors },
      },
    },
    async (request) => {
      const data = await contracts.deleteContract(app.db, storage, request.params.id);
      return { success: true as const, data, message: data.soft ? M.archived : M.deleted };
    },
  );

  await app.register(documentsRoutes, { storage });
};

export default contractsRoutes;
