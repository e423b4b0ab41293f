import { hasPermission } from '@gmao/domain/auth/permissions';
import { narrowedVisibility } from '@gmao/domain/auth/visibility';
import { errorEnvelopeSchema, successEnvelope } from '@gmao/domain/common/api';
import { DASHBOARD_BLOCK_PERMISSIONS as BLOCKS } from '@gmao/domain/dashboard/dashboard-access';
import {
  chartsQuerySchema,
  dashboardAlertsSchema,
  dashboardChartsSchema,
  dashboardStatsSchema,
  recentInterventionSchema,
  recentQuerySchema,
  timeframeQuerySchema,
} from '@gmao/domain/dashboard/dashboard-schemas';
import { myWorkSchema } from '@gmao/domain/dashboard/my-work-schemas';
import { performanceSchema } from '@gmao/domain/dashboard/performance-schemas';
import { dashboardSlaSchema } from '@gmao/domain/dashboard/sla-card-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth.ts';
import * as dashboard from './dashboard.service.ts';
import { getPerformance } from './performance.service.ts';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

/**
 * /api/dashboard. The screen `/` needs only authentication (spec §6); each block needs the permission of the data it
 * shows, the one its own screen's route needs (issue 29, `dashboard-access.ts`): recent interventions, alerts and
 * "Mon travail" and the guaranteed times (issue 31) interventions:read, charts and performance analytics:read (as `/interventions/analytics` and
 * `/interventions/performance`). `/stats` mixes interventions, equipment and clients: it stays open to every
 * authenticated user and leaves out the figures the reader may not see.
 */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      config: { access: 'authenticated', scope: 'applied' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Statistiques du tableau de bord (taux de réalisation sur `timeframe` jours) ; seuls les chiffres que le lecteur peut consulter',
        querystring: timeframeQuerySchema,
        response: { 200: successEnvelope(dashboardStatsSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const data = await dashboard.getStats(app.db, { ...request.query, visibility: narrowedVisibility(user) }, (p) =>
        hasPermission(user, p),
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/recent-interventions',
    {
      config: { access: { permission: BLOCKS.interventions }, scope: 'applied' },
      schema: {
        tags: ['dashboard'],
        summary: 'Interventions récentes (dernières créées)',
        querystring: recentQuerySchema,
        response: { 200: successEnvelope(z.array(recentInterventionSchema)), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await dashboard.getRecent(app.db, request.query.limit, narrowedVisibility(requireUser(request))),
    }),
  );

  app.get(
    '/my-work',
    {
      // the user's own assigned work, whichever client it is for
      config: { access: { permission: BLOCKS.interventions }, scope: 'own' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Mon travail : mes interventions ouvertes, urgentes, en retard (celles qui me sont affectées), les prochaines et mon temps de la semaine',
        response: { 200: successEnvelope(myWorkSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await dashboard.getMyWork(app.db, requireUser(request).id) }),
  );

  app.get(
    '/alerts',
    {
      config: { access: { permission: BLOCKS.interventions }, scope: 'applied' },
      schema: {
        tags: ['dashboard'],
        summary: 'Alertes : interventions urgentes et en retard',
        response: { 200: successEnvelope(dashboardAlertsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await dashboard.getAlerts(app.db, { visibility: narrowedVisibility(requireUser(request)) }),
    }),
  );

  app.get(
    '/sla',
    {
      config: { access: { permission: BLOCKS.sla } },
      schema: {
        tags: ['dashboard'],
        summary:
          'Délais garantis : interventions à risque et dépassées maintenant, respect du mois de la GTI et de la GTR (contrats de maintenance)',
        response: { 200: successEnvelope(dashboardSlaSchema), ...errors },
      },
    },
    async () => ({ success: true as const, data: await dashboard.getSlaCard(app.db) }),
  );

  app.get(
    '/charts',
    {
      config: { access: { permission: BLOCKS.analytics } },
      schema: {
        tags: ['dashboard'],
        summary: "Interventions par période et statut, par type d'équipement et par client",
        querystring: chartsQuerySchema,
        response: { 200: successEnvelope(dashboardChartsSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await dashboard.getCharts(app.db, request.query) }),
  );

  app.get(
    '/performance',
    {
      config: { access: { permission: BLOCKS.analytics } },
      schema: {
        tags: ['dashboard'],
        summary: 'Indicateurs de performance (taux de réalisation, MTTR, premier coup, backlog, techniciens)',
        querystring: timeframeQuerySchema,
        response: { 200: successEnvelope(performanceSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await getPerformance(app.db, request.query) }),
  );
};

export default dashboardRoutes;
