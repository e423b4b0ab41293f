import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ApiDocsMode } from './config.ts';
import type { Database } from './db/database.ts';
import { pgRateLimitStore } from './db/rate-limit-store.ts';
import { clientErrorHandler } from './lib/client-error.ts';
import { COMPRESSION } from './lib/compression.ts';
import analyticsRoutes from './modules/analytics/analytics.routes.ts';
import auditRoutes from './modules/audit/audit.routes.ts';
import { auditContextPlugin } from './modules/audit/audit-context.ts';
import apiTokensRoutes from './modules/auth/api-tokens.routes.ts';
import type { ApiTokenRateLimit } from './modules/auth/api-tokens.service.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import { type AuthThrottleSettings, DEFAULT_AUTH_THROTTLE } from './modules/auth/auth-throttle.ts';
import changesRoutes from './modules/changes/changes.routes.ts';
import clientsRoutes from './modules/clients/clients.routes.ts';
import calendarsRoutes from './modules/contracts/calendars.routes.ts';
import contractsRoutes from './modules/contracts/contracts.routes.ts';
import dashboardRoutes from './modules/dashboard/dashboard.routes.ts';
import equipmentRoutes from './modules/equipment/equipment.routes.ts';
import habilitationsRoutes from './modules/habilitations/habilitations.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import interventionsRoutes from './modules/interventions/interventions.routes.ts';
import mailRoutes from './modules/mail/mail.routes.ts';
import notificationsRoutes from './modules/notifications/notifications.routes.ts';
import plansRoutes from './modules/plans/plans.routes.ts';
import portalRoutes from './modules/portal/portal.routes.ts';
import portalUsersRoutes from './modules/portal/portal-users.routes.ts';
import reportsRoutes from './modules/reports/reports.routes.ts';
import requestsRoutes from './modules/requests/requests.routes.ts';
import { DEFAULT_REQUEST_THROTTLE, type RequestThrottleSettings } from './modules/requests/requests.service.ts';
import rolesRoutes from './modules/roles/roles.routes.ts';
import searchRoutes from './modules/search/search.routes.ts';
import sectionsRoutes from './modules/sections/sections.routes.ts';
import settingsRoutes from './modules/settings/company.routes.ts';
import { partsRoutes } from './modules/stock/parts/parts.routes.ts';
import { stockRoutes } from './modules/stock/stock.routes.ts';
import templatesRoutes from './modules/templates/templates.routes.ts';
import usersRoutes from './modules/users/users.routes.ts';
import webhooksRoutes from './modules/webhooks/webhooks.routes.ts';
import { NO_ALLOWED_ADDRESSES, type WebhookSettings } from './modules/webhooks/webhooks.service.ts';
import { transformDocument, transformRoute } from './openapi/document.ts';
import authPlugin from './plugins/auth.ts';
import databasePlugin from './plugins/database.ts';
import drainPlugin from './plugins/drain.ts';
import errorsPlugin from './plugins/errors.ts';
import inputHygienePlugin from './plugins/input-hygiene.ts';
import { LOG_REDACTIONS, requestId, serializeRequest } from './plugins/logging.ts';
import metricsPlugin from './plugins/metrics.ts';
import permissionsPolicyPlugin from './plugins/permissions-policy.ts';
import staticPlugin from './plugins/static.ts';
import { defaultUploadsDir, type FileStorage, localDiskStorage } from './storage/file-storage.ts';

export interface AppDeps {
  database: Database;
  jwtSecret: string;
  logLevel?: string;
  webDist?: string;
  /** Login and registration throttling (auth-throttle.ts); tests shrink the thresholds and delays. */
  authThrottle?: Partial<AuthThrottleSettings>;
  /** Bearer token that may read /api/metrics without an account (Prometheus). */
  metricsToken?: string;
  /** Where uploaded files live (main.ts: S3 when S3_BUCKET is set, else DATA_DIR/uploads). */
  storage?: FileStorage;
  /** Where the JSON logs go (stdout when unset; tests capture them). */
  logStream?: { write(line: string): void };
  /** Who may read /api/docs (the OpenAPI document and its UI); default 'public' (config.ts: API_DOCS). */
  apiDocs?: ApiDocsMode;
  /** Requests per window an API token may make (default 600 a minute); tests shrink it. */
  apiTokenRateLimit?: ApiTokenRateLimit;
  /** The public request form's throttles (issue 33, requests.service.ts); tests shrink them. */
  requestThrottle?: Partial<RequestThrottleSettings>;
  /** Outgoing webhooks: the addresses they may reach despite the private-address rule (WEBHOOK_ALLOWED_ADDRESSES). */
  webhooks?: WebhookSettings;
}

/** External plugins, then app plugins, then feature modules (STYLE.md, fastify/demo). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.logLevel ?? 'info',
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      // Logs are JSON lines with the request id; they never carry credentials or tokens (test: logs-privacy).
      redact: { paths: LOG_REDACTIONS, censor: '[redacted]' },
      serializers: { req: serializeRequest },
    },
    requestIdHeader: false,
    genReqId: requestId,
    // The socket's address is the client's: the per-address login limits rely on it (no X-Forwarded-For).
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    clientErrorHandler,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
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
  await app.register(permissionsPolicyPlugin);
  await app.register(inputHygienePlugin);
  await app.register(compress, { global: true, ...COMPRESSION });
  await app.register(rateLimit, {
    global: false,
    // Counted in PostgreSQL, shared by every instance (db/rate-limit-store.ts).
    store: pgRateLimitStore(deps.database.db),
    errorResponseBuilder: () => ({ statusCode: 429, success: false, message: SERVER_MESSAGES.tooManyRequests }),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'GMAO API',
        version: '1.0.0',
        description: 'API de la GMAO (clients, équipements, interventions)',
        contact: { name: 'Administrateur de la GMAO' },
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: transformRoute,
    transformObject: transformDocument,
  });

  await app.register(errorsPlugin);
  await app.register(drainPlugin);
  await app.register(databasePlugin, { database: deps.database });
  await app.register(metricsPlugin);
  await app.register(auditContextPlugin);
  await app.register(authPlugin, {
    secret: deps.jwtSecret,
    docsAccess: deps.apiDocs ?? 'public',
    apiTokenRateLimit: deps.apiTokenRateLimit,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });
  await app.register(staticPlugin, { root: deps.webDist });

  await app.register(healthRoutes, { prefix: '/api', metricsToken: deps.metricsToken });
  await app.register(authRoutes, { prefix: '/api/auth', throttle: { ...DEFAULT_AUTH_THROTTLE, ...deps.authThrottle } });
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(apiTokensRoutes, { prefix: '/api/tokens' });
  await app.register(changesRoutes, { prefix: '/api/changes' });
  await app.register(webhooksRoutes, {
    prefix: '/api/webhooks',
    ...(deps.webhooks ?? { allowed: NO_ALLOWED_ADDRESSES }),
  });
  await app.register(rolesRoutes, { prefix: '/api' }); // /api/roles and /api/permissions
  await app.register(sectionsRoutes, { prefix: '/api/sections' });
  await app.register(clientsRoutes, { prefix: '/api/clients' });
  await app.register(portalUsersRoutes, { prefix: '/api/clients' });
  await app.register(portalRoutes, {
    prefix: '/api/portal',
    storage: deps.storage ?? localDiskStorage(defaultUploadsDir),
  });
  await app.register(equipmentRoutes, { prefix: '/api/equipment' });
  // Analytics routes share the /api/interventions prefix (analytics, completion-metrics, performance).
  await app.register(analyticsRoutes, { prefix: '/api/interventions' });
  // Before the interventions module so that its static paths read clearly; find-my-way prefers static segments anyway.
  await app.register(templatesRoutes, { prefix: '/api/interventions' });
  await app.register(interventionsRoutes, { prefix: '/api/interventions', storage: deps.storage });
  await app.register(plansRoutes, { prefix: '/api/plans' });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard' });
  await app.register(reportsRoutes, { prefix: '/api/reports', storage: deps.storage });
  await app.register(auditRoutes, { prefix: '/api/audit' });
  await app.register(searchRoutes, { prefix: '/api/search' });
  await app.register(notificationsRoutes, { prefix: '/api/notifications' });
  await app.register(mailRoutes, { prefix: '/api/mail' });
  await app.register(partsRoutes, { prefix: '/api/parts', storage: deps.storage });
  await app.register(stockRoutes, { prefix: '/api/stock' });
  await app.register(contractsRoutes, { prefix: '/api/contracts', storage: deps.storage });
  await app.register(calendarsRoutes, { prefix: '/api/calendars' });
  await app.register(settingsRoutes, { prefix: '/api/settings', storage: deps.storage });
  // /api/equipment/{id}/request-link, /api/requests and the public /api/public/requests/{token} (issue 33).
  await app.register(requestsRoutes, {
    prefix: '/api',
    storage: deps.storage ?? localDiskStorage(defaultUploadsDir),
    throttle: { ...DEFAULT_REQUEST_THROTTLE, ...deps.requestThrottle },
  });
  // /api/users/{id}/habilitations, /api/habilitations (issue 34).
  await app.register(habilitationsRoutes, {
    prefix: '/api',
    storage: deps.storage ?? localDiskStorage(defaultUploadsDir),
  });

  return app;
}
