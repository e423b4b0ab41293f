import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the equipment module (placeholder until the feature lands). */
const equipmentRoutes: FastifyPluginAsyncZod = async () => {};

export default equipmentRoutes;
