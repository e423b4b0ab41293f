import { HTTP_MESSAGES, SERVER_MESSAGES } from '@gmao/domain/common/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { isApiTarget } from '../lib/request-target.ts';

/**
 * One error handler: AppError codes and validation failures become the spec's status codes and envelopes
 * ({ success: false, message, details? }); anything unexpected is logged and answered with a 500 that
 * carries no stack and no SQL.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
      if (err instanceof AppError) {
        if (err.statusCode >= 500) request.log.error({ err }, err.message);
        if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
        return reply.status(err.statusCode).send({
          success: false,
          message: err.message,
          code: err.responseCode ?? err.code,
          ...(err.manquantes ? { manquantes: err.manquantes } : {}),
          ...(err.details ? { details: err.details } : {}),
          ...(err.failed ? { failed: err.failed } : {}),
          ...(err.data !== undefined ? { data: err.data } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const details = err.validation.map((v) => ({
          field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(err.validationContext ?? ''),
          msg: v.message ?? HTTP_MESSAGES.validationError,
        }));
        return reply
          .status(400)
          .send({ success: false, message: details[0]?.msg ?? SERVER_MESSAGES.validation, details });
      }
      const status = err.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({ success: false, message: err.message || SERVER_MESSAGES.tooManyRequests });
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, body too large, unsupported media type…): safe to describe.
        return reply.status(status).send({ success: false, message: err.message || HTTP_MESSAGES.badRequest });
      }
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ success: false, message: SERVER_MESSAGES.internal });
    });

    app.setNotFoundHandler((request, reply) => {
      const spa = app.hasDecorator('spaIndex') ? app.spaIndex : null;
      if (spa && request.method === 'GET' && !isApiTarget(request.url)) {
        // Client-side routes (and the SPA's own 404 page) are handled by the web app.
        return reply.type('text/html').header('cache-control', 'no-cache').send(spa);
      }
      // The target is not echoed back: an unmatched request learns nothing but 404.
      reply.status(404).send({ success: false, message: SERVER_MESSAGES.notFound });
    });
  },
  { name: 'errors' },
);
