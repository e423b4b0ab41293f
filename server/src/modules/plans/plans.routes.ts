import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { narrowedVisibility } from '@gmao/domain/auth/visibility';
import { idParamsSchema, successEnvelope } from '@gmao/domain/common/api';
import {
  complianceFileName,
  complianceQuerySchema,
  complianceSchema,
  generateResultSchema,
  holidayInputSchema,
  holidaySchema,
  occurrenceSchema,
  occurrencesQuerySchema,
  PLAN_MESSAGES,
  planInputSchema,
  planListQuerySchema,
  planSchema,
} from '@gmao/domain/plans/plan-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BULK_COMPRESSION } from '../../lib/compression.ts';
import { downloadHeaders } from '../../lib/download.ts';
import { errorResponsesWithBusinessRule as errors } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { guardObjectsById } from '../../plugins/visibility-guard.ts';
import { recordExport } from '../audit/audit.service.ts';
import { requireTargetInScope } from '../visibility/visibility.service.ts';
import { generatePlan } from './plan-generation.service.ts';
import * as plans from './plans.service.ts';

const read = { access: { permission: PERMISSIONS.PLANS_READ } };
const manage = { access: { permission: PERMISSIONS.PLANS_MANAGE } };
const tags = ['plans'];

/** Preventive maintenance plans (issue 17), at /api/plans. */
const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  // Issue 33: a section-limited user reaches only the plans of his section's clients (visibility-guard.ts)
  guardObjectsById(app, 'plan', PLAN_MESSAGES.notFound);
  app.get(
    '/',
    {
      config: { ...read, scope: 'applied' as const },
      schema: {
        tags,
        summary:
          'Plans de maintenance préventive (filtres : équipement atteint, client, actif) avec leur prochaine échéance',
        querystring: planListQuerySchema,
        response: { 200: successEnvelope(z.array(planSchema)), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await plans.listPlans(app.db, { ...request.query, visibility: narrowedVisibility(requireUser(request)) }),
    }),
  );

  app.get(
    '/compliance',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Conformité sur une période : échéances générées à temps (terminées au plus tard 7 jours après), en retard, manquées, en cours ; par plan et au total',
        querystring: complianceQuerySchema,
        response: { 200: successEnvelope(complianceSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await plans.getCompliance(app.db, request.query) }),
  );

  app.get(
    '/compliance.csv',
    {
      config: read,
      compress: BULK_COMPRESSION,
      schema: {
        tags,
        summary: 'Conformité de la période en CSV (Excel fr-FR) : une ligne par plan, puis le total',
        querystring: complianceQuerySchema,
      },
    },
    async (request, reply) => {
      await recordExport(app.db, 'csv', 'conformité de la maintenance préventive', request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .headers(downloadHeaders(complianceFileName(request.query)))
        .send(await plans.complianceCsvStream(app.db, request.query));
    },
  );

  app.get(
    '/holidays',
    {
      // the company's public holidays: no client data
      config: { ...read, scope: 'own' as const },
      schema: {
        tags,
        summary:
          "Jours fériés (dates sautées : une échéance qui y tombe passe au jour ouvré suivant) ; annuel : même jour chaque année (stocké en l'an 2000)",
        response: { 200: successEnvelope(z.array(holidaySchema)), ...errors },
      },
    },
    async () => ({ success: true as const, data: await plans.listHolidays(app.db) }),
  );

  app.post(
    '/holidays',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Ajouter un jour férié (les échéances déjà générées ne bougent pas)',
        body: holidayInputSchema,
        response: { 201: successEnvelope(holidaySchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await plans.createHoliday(app.db, request.body);
      return reply.status(201).send({ success: true as const, data, message: PLAN_MESSAGES.holidayCreated });
    },
  );

  app.delete(
    '/holidays/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Retirer un jour férié de la liste',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await plans.deleteHoliday(app.db, request.params.id);
      return { success: true as const, data: null, message: PLAN_MESSAGES.holidayDeleted };
    },
  );

  app.get(
    '/:id',
    {
      config: read,
      schema: {
        summary: 'Un plan de maintenance préventive',
        tags,
        params: idParamsSchema,
        response: { 200: successEnvelope(planSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await plans.getPlan(app.db, request.params.id) }),
  );

  app.post(
    '/',
    {
      // its target (client or equipment) must be one the user sees
      config: { ...manage, scope: 'applied' as const },
      schema: {
        tags,
        summary:
          "Créer un plan : modèle, cible (un équipement, ou un client et un type d'équipement), règle RRULE, date de début, jours d'avance, technicien",
        body: planInputSchema,
        response: { 201: successEnvelope(planSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await requireTargetInScope(app.db, user, request.body);
      const data = await plans.createPlan(app.db, user, request.body);
      return reply.status(201).send({ success: true as const, data, message: PLAN_MESSAGES.created });
    },
  );

  app.put(
    '/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Modifier un plan (seules les échéances pas encore générées changent)',
        params: idParamsSchema,
        body: planInputSchema,
        response: { 200: successEnvelope(planSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await requireTargetInScope(app.db, user, request.body);
      const data = await plans.updatePlan(app.db, user, request.params.id, request.body);
      return { success: true as const, data, message: PLAN_MESSAGES.updated };
    },
  );

  app.delete(
    '/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Supprimer un plan (les interventions générées sont conservées et gardent leur plan_id)',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await plans.deletePlan(app.db, request.params.id);
      return { success: true as const, data: null, message: PLAN_MESSAGES.deleted };
    },
  );

  app.post(
    '/:id/generate',
    {
      config: manage,
      schema: {
        tags,
        summary:
          "Générer maintenant les interventions dues jusqu'à aujourd'hui + jours d'avance (idempotent : un second appel ne crée rien)",
        params: idParamsSchema,
        response: { 200: successEnvelope(generateResultSchema), ...errors },
      },
    },
    async (request) => {
      const data = await generatePlan(app.db, request.params.id);
      return { success: true as const, data, message: PLAN_MESSAGES.generated(data.created) };
    },
  );

  app.get(
    '/:id/occurrences',
    {
      config: read,
      schema: {
        tags,
        summary: 'Échéances du plan sur une période : générées (intervention et statut) et à venir (virtuelles)',
        params: idParamsSchema,
        querystring: occurrencesQuerySchema,
        response: { 200: successEnvelope(z.array(occurrenceSchema)), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await plans.listOccurrences(app.db, request.params.id, request.query),
    }),
  );
};

export default plansRoutes;
