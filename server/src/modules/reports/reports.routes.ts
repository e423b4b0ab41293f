import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the reports module (placeholder until the feature lands). */
const reportsRoutes: FastifyPluginAsyncZod = async () => {};

export default reportsRoutes;
