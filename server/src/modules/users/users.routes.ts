import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the users module (placeholder until the feature lands). */
const usersRoutes: FastifyPluginAsyncZod = async () => {};

export default usersRoutes;
