import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the dashboard module (placeholder until the feature lands). */
const dashboardRoutes: FastifyPluginAsyncZod = async () => {};

export default dashboardRoutes;
