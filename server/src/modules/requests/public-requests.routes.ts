import multipart from '@fastify/multipart';
import { errorEnvelopeSchema, successEnvelope } from '@gmao/domain/common/api';
import {
  HONEYPOT_FIELD,
  REQUEST_MESSAGES as M,
  publicRequestTargetSchema,
  tokenParamsSchema,
} from '@gmao/domain/requests/request-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule } from '../../lib/route-schemas.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { FORM_LIMITS, parseFormFields, readForm } from './request-form.ts';
import * as service from './requests.service.ts';

const tags = ['requests'];
const publicAccess = { access: 'public' as const };
const errors = { ...errorResponsesWithBusinessRule, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

interface PublicRequestsOptions {
  storage: FileStorage;
  throttle: service.RequestThrottleSettings;
}

/**
 * The public form (/public/requests/{token}): what a QR code opens, with no account, so the token is the only key
 * and the throttle the only brake. Multipart parsing is registered in this plugin only.
 */
const publicRequestRoutes: FastifyPluginAsyncZod<PublicRequestsOptions> = async (app, { storage, throttle }) => {
  await app.register(multipart, FORM_LIMITS);

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
      const form = parseFormFields(fields);
      await service.fileRequest(app.db, storage, { source: 'QR', equipementId: equipement.id, form, photos });
      return reply.status(201).send({ success: true as const, data: null, message: M.filed });
    },
  );
};

export default publicRequestRoutes;
