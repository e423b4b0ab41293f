import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the roles module (placeholder until the feature lands). */
const rolesRoutes: FastifyPluginAsyncZod = async () => {};

export default rolesRoutes;
