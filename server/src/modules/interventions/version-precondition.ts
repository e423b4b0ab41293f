import {
  etagOf,
  ifMatchHeadersSchema,
  parseIfMatch,
  VERSION_MESSAGES,
  type VersionPrecondition,
  versionSchema,
} from '@gmao/domain/interventions/version-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/**
 * Route side of the versions (ARCHITECTURE.md "Versions and sync"): what a write route declares and the one reading
 * of the caller's version, handed to the service, which compares it under the row lock (access.ts advanceVersion).
 */
export const VERSIONED_WRITE_DESCRIPTION =
  'Concurrence optimiste : envoyez `If-Match: "v<version>"` (l\'ETag de GET /interventions/{id}) ou `version` dans ' +
  "le corps JSON. Si l'intervention a changé depuis cette version, la réponse est 409 avec `code: " +
  '"VERSION_CONFLICT"` et l\'intervention actuelle dans `data`, et rien n\'est modifié. Sans version, la ' +
  "modification s'applique comme avant (la dernière écriture l'emporte). Chaque modification acceptée augmente " +
  'la version de 1.';

/** Spread into the schema of a route that changes one intervention: the If-Match header and its description. */
export const versionedWrite = { headers: ifMatchHeadersSchema, description: VERSIONED_WRITE_DESCRIPTION };

/**
 * The version the caller's change was made on: If-Match `"v<n>"` or the body's `version` (both: they must agree);
 * neither (or `If-Match: *`): no precondition. The header is validated by the route schema; checked again here so
 * a route that forgot to declare it cannot misread it.
 */
export function preconditionOf(request: FastifyRequest): VersionPrecondition {
  const header = request.headers['if-match'];
  const fromHeader = typeof header === 'string' ? parseIfMatch(header) : undefined;
  if (fromHeader === null) {
    throw new AppError('BAD_REQUEST', VERSION_MESSAGES.ifMatchInvalid, [
      { field: 'if-match', msg: VERSION_MESSAGES.ifMatchInvalid },
    ]);
  }
  const body = request.body as { version?: unknown } | null | undefined;
  const parsed = versionSchema.optional().safeParse(body?.version);
  if (!parsed.success) {
    throw new AppError('BAD_REQUEST', VERSION_MESSAGES.versionInvalid, [
      { field: 'version', msg: VERSION_MESSAGES.versionInvalid },
    ]);
  }
  const fromBody = parsed.data;
  if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody) {
    throw new AppError('BAD_REQUEST', VERSION_MESSAGES.versionsDiffer, [
      { field: 'version', msg: VERSION_MESSAGES.versionsDiffer },
    ]);
  }
  return { expectedVersion: fromHeader ?? fromBody };
}

/** `ETag: "v<version>"` on an answer that is the intervention itself. */
export function withEtag<T extends { version: number }>(reply: FastifyReply, intervention: T): T {
  reply.header('etag', etagOf(intervention.version));
  return intervention;
}
