import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/** The first path (e.g. `body.items.2.label`) holding a string with a NUL character, if any. */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}.${key}`;
    const found = findNul(child, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold a NUL character: a query or JSON body carrying one is refused with a 400 before any
 * handler runs, instead of failing in the database with a 500 (found by the fuzz pass of authorization-matrix.test).
 * Multipart uploads are checked where they are read (file names are sanitised). JSON bodies must be valid UTF-8.
 */
/**
 * The JSON parser, strict about UTF-8: Fastify's own decodes a body's invalid bytes as U+FFFD, which were then stored.
 * Such a body is refused with a 400; a valid one goes to Fastify's parser (prototype poisoning still refused).
 */
function strictUtf8Json(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body as Buffer);
    } catch {
      done(
        new AppError('BAD_REQUEST', SERVER_MESSAGES.invalidUtf8, [{ field: 'body', msg: SERVER_MESSAGES.invalidUtf8 }]),
      );
      return;
    }
    parseJson(request, text, done);
  });
}

export default fp(
  async (app: FastifyInstance) => {
    strictUtf8Json(app);
    app.addHook('preValidation', async (request) => {
      const where =
        findNul(request.query, 'query') ?? findNul(request.params, 'params') ?? findNul(request.body, 'body');
      if (where) {
        throw new AppError('BAD_REQUEST', SERVER_MESSAGES.nulCharacter, [
          { field: where, msg: SERVER_MESSAGES.nulCharacter },
        ]);
      }
    });
  },
  { name: 'input-hygiene' },
);
