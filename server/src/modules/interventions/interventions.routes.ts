import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the interventions module (placeholder until the feature lands). */
const interventionsRoutes: FastifyPluginAsyncZod = async () => {};

export default interventionsRoutes;
