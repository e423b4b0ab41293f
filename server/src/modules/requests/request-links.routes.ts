import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { errorEnvelopeSchema, idParamsSchema, successEnvelope } from '@gmao/domain/common/api';
import { REQUEST_MESSAGES as M, requestLinkSchema } from '@gmao/domain/requests/request-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponsesWithBusinessRule } from '../../lib/route-schemas.ts';
import * as service from './requests.service.ts';

const tags = ['requests'];
const editEquipment = { access: { permission: PERMISSIONS.EQUIPMENT_UPDATE } };
const errors = { ...errorResponsesWithBusinessRule, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

/**
 * The equipment's request link (/equipment/{id}/request-link): on the equipment's side, for who may edit equipment,
 * because printing or renewing its QR code is an edit of the equipment, not a decision on requests.
 */
const requestLinkRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

export default requestLinkRoutes;
