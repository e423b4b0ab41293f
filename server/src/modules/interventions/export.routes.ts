import { PERMISSIONS } from '@gmao/domain/auth/permissions';

import { interventionExportFileName, interventionExportQuerySchema } from '@gmao/domain/interventions/export-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentHeader } from '../../lib/csv.ts';
import { interventionsCsv, interventionsPdf } from './export.service.ts';

const config = { access: { permission: PERMISSIONS.INTERVENTIONS_READ } };
const tags = ['interventions'];

/** GET /interventions/export/csv and /export/pdf: the list with its current filters, as files (spec §7). */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/export/csv',
    {
      config,
      schema: {
        tags,
        summary: 'Export CSV de la liste filtrée (séparateur ;, UTF-8 avec BOM)',
        querystring: interventionExportQuerySchema,
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(interventionExportFileName('csv')))
        .send(interventionsCsv(app.db, request.query)),
  );

  app.get(
    '/export/pdf',
    {
      config,
      schema: {
        tags,
        summary: 'Liste filtrée en PDF',
        querystring: interventionExportQuerySchema,
      },
    },
    async (request, reply) => {
      const pdf = await interventionsPdf(app.db, request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentHeader(interventionExportFileName('pdf')))
        .send(pdf);
    },
  );
};

export default exportRoutes;
