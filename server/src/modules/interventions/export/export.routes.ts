import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { narrowedVisibility } from '@gmao/domain/auth/visibility';

import { interventionExportFileName, interventionExportQuerySchema } from '@gmao/domain/interventions/export-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BULK_COMPRESSION } from '../../../lib/compression.ts';
import { downloadHeaders } from '../../../lib/download.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { recordExport } from '../../audit/audit.service.ts';
import { interventionsCsv, interventionsPdf } from './export.service.ts';

const config = { access: { permission: PERMISSIONS.INTERVENTIONS_READ }, scope: 'applied' as const };
const tags = ['interventions'];

/** GET /interventions/export/csv and /export/pdf: the list with its current filters, as files (spec §7). */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/export/csv',
    {
      config,
      compress: BULK_COMPRESSION,
      schema: {
        tags,
        summary: 'Export CSV de la liste filtrée (séparateur ;, UTF-8 avec BOM)',
        querystring: interventionExportQuerySchema,
      },
    },
    async (request, reply) => {
      await recordExport(app.db, 'csv', 'liste des interventions', request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .headers(downloadHeaders(interventionExportFileName('csv')))
        .send(
          await interventionsCsv(app.db, { ...request.query, visibility: narrowedVisibility(requireUser(request)) }),
        );
    },
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
      const pdf = await interventionsPdf(app.db, {
        ...request.query,
        visibility: narrowedVisibility(requireUser(request)),
      });
      await recordExport(app.db, 'pdf', 'liste des interventions', request.query);
      return reply
        .type('application/pdf')
        .headers(downloadHeaders(interventionExportFileName('pdf')))
        .send(pdf);
    },
  );
};

export default exportRoutes;
