import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import {
  consignationInputSchema,
  consignationSchema,
  CONSIGNATION_MESSAGES as M,
} from '@gmao/domain/habilitations/consignation';
import { CONSIGNATION_LABELS } from '@gmao/domain/habilitations/consignation-labels';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadHeaders } from '../../../lib/download.ts';
import { errorResponsesWithBusinessRule } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { interventionConsignationPdf } from '../../reports/consignation-pdf.service.ts';
import * as service from './consignation.service.ts';

const tags = ['interventions'];

/** The consignation record of an intervention (issue 34): read, and written as it stands. */
const consignationRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  app.get(
    '/:id/consignation',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ } },
      schema: {
        tags,
        summary: "Consignation de l'intervention (null : aucune)",
        params: idParamsSchema,
        response: { 200: successEnvelope(consignationSchema.nullable()), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => ({ success: true as const, data: await service.getConsignation(app.db, request.params.id) }),
  );

  app.get(
    '/:id/consignation/pdf',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ } },
      schema: {
        tags,
        summary: 'Attestation de consignation PDF (numéro, date et heure, étapes, cadenas, signataires et signatures)',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { pdf, numero } = await interventionConsignationPdf(app.db, storage, request.params.id);
      return reply
        .type('application/pdf')
        .headers(downloadHeaders(CONSIGNATION_LABELS.pdfFile(numero)))
        .send(pdf);
    },
  );

  app.put(
    '/:id/consignation',
    {
      // two signature images (PNG data URLs) may come with the record
      bodyLimit: 4 * 1024 * 1024,
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } },
      schema: {
        tags,
        summary:
          'Enregistrer la consignation : cinq étapes dans l’ordre, chargé de consignation BC/HC, attestation signée, puis la déconsignation dans l’ordre inverse',
        params: idParamsSchema,
        body: consignationInputSchema,
        response: { 200: successEnvelope(consignationSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.putConsignation(app.db, storage, requireUser(request), request.params.id, request.body),
      message: M.saved,
    }),
  );
};

export default consignationRoutes;
