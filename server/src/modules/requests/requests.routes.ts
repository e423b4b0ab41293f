import multipart from '@fastify/multipart';
import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { narrowedVisibility, visibilityOf } from '@gmao/domain/auth/visibility';
import { errorEnvelopeSchema, idParamsSchema, listEnvelope, successEnvelope } from '@gmao/domain/common/api';
import { EQUIPMENT_MESSAGES } from '@gmao/domain/equipment/equipment-schemas';
import { portalRequestTargetSchema } from '@gmao/domain/portal/portal-schemas';
import {
  acceptResultSchema,
  declineRequestSchema,
  HONEYPOT_FIELD,
  interventionRequestSchema,
  REQUEST_MESSAGES as M,
  MAX_REQUEST_PHOTO_BYTES,
  MAX_REQUEST_PHOTOS,
  mergeRequestSchema,
  portalRequestSchema,
  publicRequestTargetSchema,
  requestFormSchema,
  requestLinkSchema,
  requestListQuerySchema,
  requestPhotoParamsSchema,
  tokenParamsSchema,
} from '@gmao/domain/requests/request-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { downloadHeaders } from '../../lib/download.ts';
import { errorResponsesWithBusinessRule } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { guardObjectsById } from '../../plugins/visibility-guard.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import * as service from './requests.service.ts';

const tags = ['requests'];
const manage = { access: { permission: PERMISSIONS.REQUESTS_MANAGE } };
const editEquipment = { access: { permission: PERMISSIONS.EQUIPMENT_UPDATE } };
const publicAccess = { access: 'public' as const };
const errors = { ...errorResponsesWithBusinessRule, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

export interface RequestsRoutesOptions {
  storage: FileStorage;
  throttle: service.RequestThrottleSettings;
}

/**
 * Demandes d'intervention (issue 33), registered under /api: the equipment's request link
 * (/equipment/{id}/request-link, who may edit equipment), the public form (/public/requests/{token}, no account) and
 * the inbox (/requests, requests:manage).
 */
const requestsRoutes: FastifyPluginAsyncZod<RequestsRoutesOptions> = async (app, opts) => {
  const { storage } = opts;
  // Issue 33: a section-limited user reaches only his section's requests and equipment links (visibility-guard.ts)
  guardObjectsById(app, 'request', M.notFound, '/requests/:id');
  guardObjectsById(app, 'equipment', EQUIPMENT_MESSAGES.notFound, '/equipment/:id');

  app.get(
    '/equipment/:id/request-link',
    {
      config: editEquipment,
      schema: {
        tags,
        summary: "Lien de demande d'intervention de l'équipement (encodé dans son QR code)",
        params: idParamsSchema,
        response: { 200: successEnvelope(requestLinkSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.getRequestLink(app.db, request.params.id) }),
  );

  app.post(
    '/equipment/:id/request-link/rotate',
    {
      config: editEquipment,
      schema: {
        tags,
        summary: "Renouveler le lien de demande (l'ancien QR code cesse de fonctionner)",
        params: idParamsSchema,
        response: { 200: successEnvelope(requestLinkSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.rotateRequestLink(app.db, request.params.id),
      message: M.rotated,
    }),
  );

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

  await app.register(publicRoutes, { ...opts, prefix: '/public/requests' });
  await app.register(portalRequestRoutes, { ...opts, prefix: '/portal/requests' });
};

/** The received form: its text fields and photos (bytes in memory, within the multipart limits). */
async function readForm(request: FastifyRequest) {
  // No prototype: a field named __proto__ or constructor is a plain (ignored) key.
  const fields: Record<string, string> = Object.create(null);
  const photos: service.ReceivedPhoto[] = [];
  let parts: AsyncIterableIterator<import('@fastify/multipart').Multipart>;
  try {
    parts = request.parts();
  } catch {
    throw new AppError('BAD_REQUEST', M.notMultipart);
  }
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname)) {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (part.fieldname !== 'photos' && part.fieldname !== 'photos[]') {
        part.file.resume();
        throw new AppError('BAD_REQUEST', M.unknownField, [{ field: part.fieldname, msg: M.unknownField }]);
      }
      if (photos.length >= MAX_REQUEST_PHOTOS) {
        part.file.resume();
        throw new AppError('BAD_REQUEST', M.tooManyPhotos, [{ field: 'photos', msg: M.tooManyPhotos }]);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) chunks.push(chunk);
      photos.push({ filename: part.filename, bytes: Buffer.concat(chunks), truncated: part.file.truncated === true });
    }
  } catch (err) {
    // The multipart plugin's own refusals, in French (its messages are English).
    const code = (err as { code?: string }).code;
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('BAD_REQUEST', M.notMultipart);
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError('BAD_REQUEST', M.tooManyPhotos, [{ field: 'photos', msg: M.tooManyPhotos }]);
    }
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
      throw new AppError('BAD_REQUEST', M.formRefused);
    }
    throw err;
  }
  return { fields, photos };
}

/** The multipart limits of a request form (public or portal): 3 photos of 5 MB, a few short fields. */
const FORM_LIMITS = {
  throwFileSizeLimit: false,
  limits: {
    fileSize: MAX_REQUEST_PHOTO_BYTES,
    files: MAX_REQUEST_PHOTOS + 1,
    fields: 10,
    parts: MAX_REQUEST_PHOTOS + 11,
    fieldSize: 16 * 1024,
  },
};

function parseFormFields(fields: Record<string, string>) {
  const parsed = requestFormSchema.safeParse(fields);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), msg: i.message }));
    throw new AppError('BAD_REQUEST', details[0]?.msg ?? M.descriptionRequired, details);
  }
  return parsed.data;
}

/**
 * The client portal's requests (issue 33, /api/portal/requests): his company's requests and their progress (any
 * portal user), and a new one on one of his company's equipment (DEMANDEUR), through the public form's checks.
 */
const portalRequestRoutes: FastifyPluginAsyncZod<RequestsRoutesOptions> = async (app, { storage }) => {
  await app.register(multipart, FORM_LIMITS);

  app.get(
    '/',
    {
      config: { access: { portal: 'LECTURE' } },
      schema: {
        tags: ['portal'],
        summary: 'Les demandes de la société du client et leur avancement',
        querystring: requestListQuerySchema,
        response: { 200: listEnvelope(portalRequestSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.listClientRequests(app.db, visibilityOf(requireUser(request)), request.query)),
    }),
  );

  app.post(
    '/',
    {
      config: { access: { portal: 'DEMANDEUR' } },
      schema: {
        tags: ['portal'],
        summary:
          'Demander une intervention sur un équipement de la société (multipart : equipement_id, description, nom, telephone, email, photos[])',
        consumes: ['multipart/form-data'],
        response: { 201: successEnvelope(z.object({ id: z.number() })), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { fields, photos } = await readForm(request);
      const target = portalRequestTargetSchema.safeParse({ equipement_id: fields.equipement_id });
      if (!target.success) {
        throw new AppError('BAD_REQUEST', M.equipmentRequired, [{ field: 'equipement_id', msg: M.equipmentRequired }]);
      }
      const { equipement_id: _, ...rest } = fields;
      const form = parseFormFields(rest);
      const id = await service.filePortalRequest(app.db, storage, user, target.data.equipement_id, form, photos);
      return reply.status(201).send({ success: true as const, data: { id }, message: M.filed });
    },
  );
};

/** The public form: no account; multipart parsing is registered in this plugin only. */
const publicRoutes: FastifyPluginAsyncZod<RequestsRoutesOptions> = async (app, { storage, throttle }) => {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: MAX_REQUEST_PHOTO_BYTES,
      files: MAX_REQUEST_PHOTOS + 1,
      fields: 10,
      parts: MAX_REQUEST_PHOTOS + 11,
      fieldSize: 16 * 1024,
    },
  });

  app.get(
    '/:token',
    {
      config: publicAccess,
      schema: {
        tags,
        security: [],
        summary: "Page publique de demande : nom de l'équipement et de l'entreprise",
        params: tokenParamsSchema,
        response: { 200: successEnvelope(publicRequestTargetSchema), 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await service.publicTarget(app.db, request.params.token) }),
  );

  app.get(
    '/:token/logo',
    {
      config: publicAccess,
      schema: { tags, security: [], summary: "Logo de l'entreprise", params: tokenParamsSchema },
    },
    async (request, reply) => {
      const file = await service.publicLogo(app.db, storage, request.params.token);
      return reply
        .header('content-type', file.type)
        .header('content-length', file.size)
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=86400')
        .send(file.stream);
    },
  );

  app.post(
    '/:token',
    {
      config: publicAccess,
      schema: {
        tags,
        security: [],
        summary: "Déposer une demande d'intervention (multipart : description, nom, telephone, email, photos[])",
        consumes: ['multipart/form-data'],
        params: tokenParamsSchema,
        response: { 201: successEnvelope(z.null()), 429: errorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const equipement = await service.equipmentOfToken(app.db, request.params.token);
      const gate = await service.enterPublicRequest(app.db, throttle, request.ip, equipement.id);
      if (!gate.allowed) {
        return reply
          .status(429)
          .header('retry-after', String(gate.retryAfterSeconds))
          .send({ success: false as const, message: M.throttled });
      }
      const { fields, photos } = await readForm(request);
      // A robot filled the field nobody sees: answered as a success, nothing kept.
      if ((fields[HONEYPOT_FIELD] ?? '') !== '') {
        return reply.status(201).send({ success: true as const, data: null, message: M.filed });
      }
      const parsed = requestFormSchema.safeParse(fields);
      if (!parsed.success) {
        const details = parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), msg: i.message }));
        throw new AppError('BAD_REQUEST', details[0]?.msg ?? M.descriptionRequired, details);
      }
      await service.fileRequest(app.db, storage, {
        source: 'QR',
        equipementId: equipement.id,
        form: parsed.data,
        photos,
      });
      return reply.status(201).send({ success: true as const, data: null, message: M.filed });
    },
  );
};

export default requestsRoutes;
