import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the clients module (placeholder until the feature lands). */
const clientsRoutes: FastifyPluginAsyncZod = async () => {};

export default clientsRoutes;
