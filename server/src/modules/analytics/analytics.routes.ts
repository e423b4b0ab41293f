import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the analytics module (placeholder until the feature lands). */
const analyticsRoutes: FastifyPluginAsyncZod = async () => {};

export default analyticsRoutes;
