import { analyticsSchema, completionMetricsSchema } from '@gmao/domain/analytics/analytics-schemas';
import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { errorEnvelopeSchema, successEnvelope } from '@gmao/domain/common/api';
import { timeframeQuerySchema } from '@gmao/domain/dashboard/dashboard-schemas';
import { performanceSchema } from '@gmao/domain/dashboard/performance-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPerformance } from '../dashboard/performance.service.ts';
import { getAnalytics, getCompletionMetrics } from './analytics.service.ts';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const access = { permission: PERMISSIONS.ANALYTICS_READ };

/**
 * Registered at /api/interventions beside the interventions module: serves ONLY /analytics, /completion-metrics
 * and /performance (spec §7), each with `timeframe` in days (default 30).
 */
const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics',
    {
      config: { access },
      schema: {
        tags: ['analytics'],
        summary: 'Analyses : évolution par statut, taux de réalisation, MTTR, répartitions, charge des techniciens',
        querystring: timeframeQuerySchema,
        response: { 200: successEnvelope(analyticsSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await getAnalytics(app.db, request.query) }),
  );

  app.get(
    '/completion-metrics',
    {
      config: { access },
      schema: {
        tags: ['analytics'],
        summary: 'Taux de réalisation et répartition par statut sur la période',
        querystring: timeframeQuerySchema,
        response: { 200: successEnvelope(completionMetricsSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await getCompletionMetrics(app.db, request.query) }),
  );

  app.get(
    '/performance',
    {
      config: { access },
      schema: {
        tags: ['analytics'],
        summary: 'Indicateurs de performance sur la période',
        querystring: timeframeQuerySchema,
        response: { 200: successEnvelope(performanceSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await getPerformance(app.db, request.query) }),
  );
};

export default analyticsRoutes;
