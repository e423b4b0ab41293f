import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the sections module (placeholder until the feature lands). */
const sectionsRoutes: FastifyPluginAsyncZod = async () => {};

export default sectionsRoutes;
