import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/database.ts';
import analyticsRoutes from './modules/analytics/analytics.routes.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import clientsRoutes from './modules/clients/clients.routes.ts';
import dashboardRoutes from './modules/dashboard/dashboard.routes.ts';
import equipmentRoutes from './modules/equipment/equipment.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import interventionsRoutes from './modules/interventions/interventions.routes.ts';
import reportsRoutes from './modules/reports/reports.routes.ts';
import rolesRoutes from './modules/roles/roles.routes.ts';
import sectionsRoutes from './modules/sections/sections.routes.ts';
import usersRoutes from './modules/users/users.routes.ts';
import authPlugin from './plugins/auth.ts';
import databasePlugin from './plugins/database.ts';
import errorsPlugin from './plugins/errors.ts';
import staticPlugin from './plugins/static.ts';

export interface AppDeps {
  database: Database;
  jwtSecret: string;
  logLevel?: string;
  webDist?: string;
  loginRateLimit?: number;
}

/** External plugins, then app plugins, then feature modules (STYLE.md, fastify/demo). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.logLevel ?? 'info', redact: ['req.headers.authorization', 'req.body.password'] },
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Recharts and a few components set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      success: false,
      message: ctx.ban ? SERVER_MESSAGES.tooManyRequests : SERVER_MESSAGES.tooManyLogins,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'GMAO API',
        version: '1.0.0',
        description: 'API de la GMAO (clients, équipements, interventions)',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(errorsPlugin);
  await app.register(databasePlugin, { database: deps.database });
  await app.register(authPlugin, { secret: deps.jwtSecret });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });
  await app.register(staticPlugin, { root: deps.webDist });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth', loginRateLimit: deps.loginRateLimit ?? 10 });
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(rolesRoutes, { prefix: '/api' }); // /api/roles and /api/permissions
  await app.register(sectionsRoutes, { prefix: '/api/sections' });
  await app.register(clientsRoutes, { prefix: '/api/clients' });
  await app.register(equipmentRoutes, { prefix: '/api/equipment' });
  // Analytics routes share the /api/interventions prefix (analytics, completion-metrics, performance).
  await app.register(analyticsRoutes, { prefix: '/api/interventions' });
  await app.register(interventionsRoutes, { prefix: '/api/interventions' });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard' });
  await app.register(reportsRoutes, { prefix: '/api/reports' });

  return app;
}
