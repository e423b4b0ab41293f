import { z } from 'zod';
import { errorEnvelopeSchema, MAX_ID } from '../common/api.ts';
import { interventionSchema } from './intervention-schemas.ts';

/**
 * Versions of an intervention (ARCHITECTURE.md "Versions and sync"). Every intervention carries `version`, raised by
 * exactly one by each accepted write to it or to one of its sub-records. A write may say which version it was made
 * on — `If-Match: "v<n>"` (the ETag of GET /interventions/:id) or `version` in its JSON body — and is refused with a
 * 409 VERSION_CONFLICT carrying the current intervention when someone else changed it meanwhile. Without either,
 * the write behaves as before (last write wins), so clients of the spec that send no version keep working.
 */
export const VERSION_MESSAGES = {
  /** The server's 409 (API clients). */
  conflict:
    "Cette intervention a été modifiée par quelqu'un d'autre entre-temps : rechargez-la avant de recommencer (rien n'a été enregistré).",
  /** What the web app shows once it has reloaded the intervention after a 409. */
  reloaded: "Cette intervention a été modifiée par quelqu'un d'autre. Les données ont été rechargées.",
  ifMatchInvalid: 'En-tête If-Match invalide : attendu "v<version>", par exemple "v3"',
  versionInvalid: 'Version invalide : nombre entier positif attendu',
  versionsDiffer: "La version du corps de la requête et celle de l'en-tête If-Match diffèrent",
} as const;

/** The `code` of the 409 answered to a stale version (the other 409s say CONFLICT). */
export const VERSION_CONFLICT_CODE = 'VERSION_CONFLICT';

export const versionSchema = z
  .number({ error: VERSION_MESSAGES.versionInvalid })
  .int({ error: VERSION_MESSAGES.versionInvalid })
  .min(1, { error: VERSION_MESSAGES.versionInvalid })
  .max(MAX_ID, { error: VERSION_MESSAGES.versionInvalid });

/** The entity tag of a version: `"v7"` (strong, quoted, as HTTP wants). */
export const etagOf = (version: number) => `"v${version}"`;

const ETAG = /^"v([1-9][0-9]{0,9})"$/;

/**
 * The version an If-Match header names: `"v7"` → 7; `*` (any current version) → undefined; anything else → null.
 * One entity tag only: a client holds one version of an intervention.
 */
export function parseIfMatch(header: string): number | undefined | null {
  const value = header.trim();
  if (value === '*') return undefined;
  const match = ETAG.exec(value);
  const version = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(version) && version <= MAX_ID ? version : null;
}

/** The If-Match request header of every write to one intervention (declared on the route, so OpenAPI shows it). */
export const ifMatchHeadersSchema = z.looseObject({
  'if-match': z
    .string()
    .refine((v) => parseIfMatch(v) !== null, { error: VERSION_MESSAGES.ifMatchInvalid })
    .optional()
    .describe(
      'Version sur laquelle la modification a été faite ("v<version>", ETag de GET /interventions/{id}) ; 409 VERSION_CONFLICT si elle n\'est plus la version actuelle',
    ),
});

/** A write's body with the optional `version` of clients that cannot set headers (same meaning as If-Match). */
export function withVersion<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  return schema.extend({ version: versionSchema.optional() });
}

/** What a service compares under the row lock: undefined = no precondition (the spec's clients). */
export interface VersionPrecondition {
  expectedVersion?: number;
}

/** The 409 of a stale version: the error envelope plus the current intervention, so a client can show it at once. */
export const versionConflictEnvelopeSchema = errorEnvelopeSchema.extend({ data: interventionSchema.optional() });
