import multipart from '@fastify/multipart';
import { visibilityOf } from '@gmao/domain/auth/visibility';
import { errorEnvelopeSchema, listEnvelope, successEnvelope } from '@gmao/domain/common/api';
import { portalRequestTargetSchema } from '@gmao/domain/portal/portal-schemas';
import {
  REQUEST_MESSAGES as M,
  portalRequestSchema,
  requestListQuerySchema,
} from '@gmao/domain/requests/request-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponsesWithBusinessRule } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { FORM_LIMITS, parseFormFields, readForm } from './request-form.ts';
import * as service from './requests.service.ts';

const errors = { ...errorResponsesWithBusinessRule, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

/**
 * The client portal's requests (issue 33, /api/portal/requests): his company's requests and their progress (any
 * portal user), and a new one on one of his company's equipment (DEMANDEUR), through the public form's checks.
 */
const portalRequestRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
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

export default portalRequestRoutes;
