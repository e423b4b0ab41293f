import { listEnvelope, successEnvelope } from '@gmao/domain/common/api';
import {
  portalContractsSchema,
  portalEquipmentDetailSchema,
  portalEquipmentSchema,
  portalInterventionQuerySchema,
  portalInterventionSchema,
  portalListQuerySchema,
  portalMeSchema,
  portalPeriodQuerySchema,
} from '@gmao/domain/portal/portal-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadHeaders } from '../../lib/download.ts';
import { errorResponses, idParamsSchema } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import * as portal from './portal.service.ts';

const tags = ['portal'];
/** Every portal user (LECTURE or DEMANDEUR); nobody else (plugins/auth.ts). */
const reader = { access: { portal: 'LECTURE' as const } };

/**
 * /api/portal/* (issue 33): a client company's own view — its equipment, interventions, contract and guaranteed
 * times, signed bons and reports. The requests (/api/portal/requests) are served by the requests module.
 */
const portalRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  app.get(
    '/me',
    {
      config: reader,
      schema: {
        tags,
        summary: 'Le compte du portail : sa société et son droit',
        response: { 200: successEnvelope(portalMeSchema), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await portal.me(app.db, requireUser(request)) }),
  );

  app.get(
    '/equipment',
    {
      config: reader,
      schema: {
        tags,
        summary: 'Les équipements de la société (recherche : nom, marque, modèle, n° de série)',
        querystring: portalListQuerySchema,
        response: { 200: listEnvelope(portalEquipmentSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await portal.listEquipment(app.db, requireUser(request), request.query)),
    }),
  );

  app.get(
    '/equipment/:id',
    {
      config: reader,
      schema: {
        tags,
        summary: "Un équipement : son historique d'interventions et ses prochaines visites préventives",
        params: idParamsSchema,
        response: { 200: successEnvelope(portalEquipmentDetailSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await portal.equipmentDetail(app.db, requireUser(request), request.params.id),
    }),
  );

  app.get(
    '/interventions',
    {
      config: reader,
      schema: {
        tags,
        summary: 'Les interventions de la société (statuts publics et dates)',
        querystring: portalInterventionQuerySchema,
        response: { 200: listEnvelope(portalInterventionSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await portal.listInterventions(app.db, requireUser(request), request.query)),
    }),
  );

  app.get(
    '/interventions/:id',
    {
      config: reader,
      schema: {
        tags,
        summary: 'Une intervention de la société',
        params: idParamsSchema,
        response: { 200: successEnvelope(portalInterventionSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await portal.interventionDetail(app.db, requireUser(request), request.params.id),
    }),
  );

  app.get(
    '/interventions/:id/bon.pdf',
    {
      config: reader,
      schema: { tags, summary: "Le bon d'intervention signé (PDF)", params: idParamsSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      const pdf = await portal.signedBonPdf(app.db, storage, requireUser(request), id);
      return reply
        .type('application/pdf')
        .headers(downloadHeaders(`bon-intervention-${id}.pdf`))
        .send(pdf);
    },
  );

  app.get(
    '/contract',
    {
      config: reader,
      schema: {
        tags,
        summary:
          'Les contrats de la société, leurs délais garantis et leur respect sur la période (90 jours par défaut)',
        querystring: portalPeriodQuerySchema,
        response: { 200: successEnvelope(portalContractsSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await portal.contracts(app.db, requireUser(request), request.query),
    }),
  );

  app.get(
    '/reports/period.pdf',
    {
      config: reader,
      schema: {
        tags,
        summary: "Rapport d'interventions de la période (PDF, sans coûts)",
        querystring: portalPeriodQuerySchema,
      },
    },
    async (request, reply) => {
      const r = await portal.periodReportPdf(app.db, storage, requireUser(request), request.query);
      return reply
        .type('application/pdf')
        .headers(downloadHeaders(`rapport-${r.dateFrom}-${r.dateTo}.pdf`))
        .send(r.pdf);
    },
  );

  app.get(
    '/reports/sla.pdf',
    {
      config: reader,
      schema: {
        tags,
        summary: 'Rapport des délais garantis de la période (PDF)',
        querystring: portalPeriodQuerySchema,
      },
    },
    async (request, reply) => {
      const r = await portal.slaPdf(app.db, storage, requireUser(request), request.query);
      return reply
        .type('application/pdf')
        .headers(downloadHeaders(`delais-garantis-${r.dateFrom}-${r.dateTo}.pdf`))
        .send(r.pdf);
    },
  );
};

export default portalRoutes;
