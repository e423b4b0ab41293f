import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { narrowedVisibility } from '@gmao/domain/auth/visibility';
import { errorEnvelopeSchema, idParamsSchema, successEnvelope } from '@gmao/domain/common/api';
import { bonPdfQuerySchema } from '@gmao/domain/interventions/signature-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import {
  interventionReportFileName,
  partDowntimeSchema,
  reportFileName,
  reportFilterSchema,
  reportOptionsQuerySchema,
  reportOptionsSchema,
  reportSummarySchema,
} from '@gmao/domain/reports/report-schemas';
import { SLA_REPORT_MESSAGES, slaReportQuerySchema, slaReportSchema } from '@gmao/domain/reports/sla-report-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BULK_COMPRESSION } from '../../lib/compression.ts';
import { downloadHeaders } from '../../lib/download.ts';
import { requireUser } from '../../plugins/auth.ts';
import { guardObjectsById, requireNamedClient } from '../../plugins/visibility-guard.ts';
import { defaultUploadsDir, type FileStorage, localDiskStorage } from '../../storage/file-storage.ts';
import { recordExport } from '../audit/audit.service.ts';
import { csvStream, interventionReportPdf, periodPdf } from './report-export.service.ts';
import { getOptions, getPartsDowntime, getSummary } from './reports.service.ts';
import { getSlaReport, horsContratCsv, slaReportCsv, slaReportPdf } from './sla-report.service.ts';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const access = { permission: PERMISSIONS.REPORTS_READ };

/** /api/reports: summary preview, CSV and PDF downloads of a period, and the one-intervention PDF. */
const reportsRoutes: FastifyPluginAsyncZod<{ storage?: FileStorage }> = async (app, opts) => {
  const storage = opts.storage ?? localDiskStorage(defaultUploadsDir);
  // issue 33: a section-limited user's reports are of one client he sees; the bon of an intervention he sees
  requireNamedClient(app);
  guardObjectsById(app, 'intervention', WORKFLOW_MESSAGES.notFound, '/interventions/:id');
  app.get(
    '/summary',
    {
      config: { access, scopeClientParam: 'clientId' },
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
    '/parts-downtime',
    {
      config: { access, scopeClientParam: 'clientId' },
      schema: {
        tags: ['reports'],
        summary: 'Pièces ayant immobilisé le plus longtemps (attente de pièces des interventions de la période)',
        querystring: reportFilterSchema,
        response: { 200: successEnvelope(z.array(partDowntimeSchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await getPartsDowntime(app.db, request.query) }),
  );

  app.get(
    '/options',
    {
      config: { access, scope: 'applied' },
      schema: {
        tags: ['reports'],
        summary: 'Choix du formulaire de rapport : clients, équipements (du client), techniciens',
        querystring: reportOptionsQuerySchema,
        response: { 200: successEnvelope(reportOptionsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getOptions(app.db, request.query.clientId, narrowedVisibility(requireUser(request))),
    }),
  );

  app.get(
    '/export.csv',
    {
      config: { access, scopeClientParam: 'clientId' },
      compress: BULK_COMPRESSION,
      schema: {
        tags: ['reports'],
        summary: 'Export CSV des interventions de la période',
        querystring: reportFilterSchema,
      },
    },
    async (request, reply) => {
      await recordExport(app.db, 'csv', 'rapport de période', request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .headers(downloadHeaders(reportFileName(request.query, 'csv')))
        .send(csvStream(app.db, request.query));
    },
  );

  app.get(
    '/export.pdf',
    {
      config: { access, scopeClientParam: 'clientId' },
      schema: { tags: ['reports'], summary: 'Rapport PDF de la période', querystring: reportFilterSchema },
    },
    async (request, reply) => {
      const pdf = await periodPdf(app.db, request.query, storage);
      await recordExport(app.db, 'pdf', 'rapport de période', request.query);
      return reply
        .type('application/pdf')
        .headers(downloadHeaders(reportFileName(request.query, 'pdf')))
        .send(pdf);
    },
  );

  // Issue 31: the guaranteed-times report of a client and the "hors contrat" interventions to invoice
  const slaAccess = { anyPermission: [PERMISSIONS.REPORTS_READ, PERMISSIONS.CONTRACTS_READ] };
  app.get(
    '/sla',
    {
      config: { access: slaAccess, scopeClientParam: 'client_id' },
      schema: {
        tags: ['reports'],
        summary:
          'Délais garantis (GTI, GTR) de la période, par client ou tous : taux de respect par délai et interventions (500 premières)',
        querystring: slaReportQuerySchema,
        response: { 200: successEnvelope(slaReportSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await getSlaReport(app.db, request.query) }),
  );

  app.get(
    '/sla/pdf',
    {
      config: { access: slaAccess, scopeClientParam: 'client_id' },
      schema: { tags: ['reports'], summary: 'Rapport des délais garantis en PDF', querystring: slaReportQuerySchema },
    },
    async (request, reply) => {
      const pdf = await slaReportPdf(app.db, request.query, storage);
      await recordExport(app.db, 'pdf', 'rapport des délais garantis', request.query);
      return reply
        .type('application/pdf')
        .headers(downloadHeaders(SLA_REPORT_MESSAGES.fileName(request.query.dateFrom, request.query.dateTo, 'pdf')))
        .send(pdf);
    },
  );

  app.get(
    '/sla/csv',
    {
      config: { access: slaAccess, scopeClientParam: 'client_id' },
      compress: BULK_COMPRESSION,
      schema: {
        tags: ['reports'],
        summary: 'Délais garantis de la période en CSV (Excel fr-FR) : une ligne par intervention, ses délais',
        querystring: slaReportQuerySchema,
      },
    },
    async (request, reply) => {
      await recordExport(app.db, 'csv', 'rapport des délais garantis', request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .headers(downloadHeaders(SLA_REPORT_MESSAGES.fileName(request.query.dateFrom, request.query.dateTo, 'csv')))
        .send(await slaReportCsv(app.db, request.query));
    },
  );

  app.get(
    '/hors-contrat.csv',
    {
      config: { access: slaAccess, scopeClientParam: 'client_id' },
      compress: BULK_COMPRESSION,
      schema: {
        tags: ['reports'],
        summary:
          'Interventions hors contrat de la période à facturer (CSV) : client et ICE, temps passé, matériel et son montant',
        querystring: slaReportQuerySchema,
      },
    },
    async (request, reply) => {
      await recordExport(app.db, 'csv', 'interventions hors contrat', request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .headers(downloadHeaders(SLA_REPORT_MESSAGES.horsContratFileName(request.query.dateFrom, request.query.dateTo)))
        .send(await horsContratCsv(app.db, request.query));
    },
  );

  app.get(
    '/interventions/:id/pdf',
    {
      // The intervention detail's 'Télécharger Rapport' button: whoever may read interventions may download it.
      config: { access: { anyPermission: [PERMISSIONS.INTERVENTIONS_READ, PERMISSIONS.REPORTS_READ] } },
      schema: {
        tags: ['reports'],
        summary:
          "Bon d'intervention PDF : la version signée n° N (?version=N), sinon la dernière version signée si le contenu n'a pas changé depuis, sinon le bon actuel non signé",
        params: idParamsSchema,
        querystring: bonPdfQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { version } = request.query;
      const pdf = await interventionReportPdf(app.db, storage, id, version);
      const what =
        version === undefined ? `bon de l'intervention #${id}` : `bon de l'intervention #${id} (version ${version})`;
      await recordExport(app.db, 'pdf', what, null, id);
      return reply
        .type('application/pdf')
        .headers(downloadHeaders(interventionReportFileName(id)))
        .send(pdf);
    },
  );
};

export default reportsRoutes;
