import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { errorEnvelopeSchema, successEnvelope } from '@gmao/domain/common/api';
import {
  interventionReportFileName,
  REPORT_MESSAGES,
  reportFileName,
  reportFilterSchema,
  reportOptionsQuerySchema,
  reportOptionsSchema,
  reportSummarySchema,
} from '@gmao/domain/reports/report-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { attachmentHeader } from '../../lib/csv.ts';
import { csvStream } from './csv-export.ts';
import { findInterventionForReport, interventionHistoryRows } from './intervention-report.repository.ts';
import { interventionReportDetails } from './intervention-report-details.repository.ts';
import { reportOptions } from './options.repository.ts';
import { interventionPdf, PDF_ROW_LIMIT, summaryPdf } from './report-documents.ts';
import { reportRows } from './reports.repository.ts';
import { getSummary } from './reports.service.ts';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const access = { permission: PERMISSIONS.REPORTS_READ };
const attachment = attachmentHeader;

/** /api/reports: summary preview, CSV and PDF downloads of a period, and the one-intervention PDF. */
const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/summary',
    {
      config: { access },
      schema: {
        tags: ['reports'],
        summary: 'Synthèse d’une période (nombres, durées, coûts en MAD)',
        querystring: reportFilterSchema,
        response: { 200: successEnvelope(reportSummarySchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await getSummary(app.db, request.query) }),
  );

  app.get(
    '/options',
    {
      config: { access },
      schema: {
        tags: ['reports'],
        summary: 'Choix du formulaire de rapport : clients, équipements (du client), techniciens',
        querystring: reportOptionsQuerySchema,
        response: { 200: successEnvelope(reportOptionsSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await reportOptions(app.db, request.query.clientId) }),
  );

  app.get(
    '/export.csv',
    {
      config: { access },
      schema: {
        tags: ['reports'],
        summary: 'Export CSV des interventions de la période',
        querystring: reportFilterSchema,
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(reportFileName(request.query, 'csv')))
        .send(csvStream(app.db, request.query)),
  );

  app.get(
    '/export.pdf',
    {
      config: { access },
      schema: { tags: ['reports'], summary: 'Rapport PDF de la période', querystring: reportFilterSchema },
    },
    async (request, reply) => {
      const [summary, rows] = await Promise.all([
        getSummary(app.db, request.query),
        reportRows(app.db, request.query, { limit: PDF_ROW_LIMIT + 1 }),
      ]);
      const pdf = await summaryPdf(summary, rows.slice(0, PDF_ROW_LIMIT), rows.length > PDF_ROW_LIMIT);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(reportFileName(request.query, 'pdf')))
        .send(pdf);
    },
  );

  app.get(
    '/interventions/:id/pdf',
    {
      // The intervention detail's 'Télécharger Rapport' button: whoever may read interventions may download it.
      config: { access: { anyPermission: [PERMISSIONS.INTERVENTIONS_READ, PERMISSIONS.REPORTS_READ] } },
      schema: {
        tags: ['reports'],
        summary: "Rapport PDF d'une intervention",
        params: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const row = await findInterventionForReport(app.db, id);
      if (!row) throw new AppError('NOT_FOUND', REPORT_MESSAGES.interventionNotFound);
      const [history, details] = await Promise.all([
        interventionHistoryRows(app.db, id),
        interventionReportDetails(app.db, id),
      ]);
      const pdf = await interventionPdf(row, history, details);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(interventionReportFileName(id)))
        .send(pdf);
    },
  );
};

export default reportsRoutes;
