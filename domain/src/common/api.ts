import { z } from 'zod';
import { MAX_LIST_LIMIT } from './list-limit.ts';
import { SERVER_MESSAGES } from './messages.ts';
import { dbIdNumber, MAX_ID } from './numbers.ts';
import { syncInfoSchema } from './sync.ts';

export { MAX_ID };

/** Envelope shapes of the API (spec §3 "List responses", ARCHITECTURE.md). */
export const paginationSchema = z.object({
  total: z.number().int(),
  pages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /**
   * true when the list was counted only up to a bound (COUNT_BOUND, or further for a deep page): `total` is then a
   * lower bound (at least one row more than total − 1 exists) and the UI says "plus de …" (issue 16).
   */
  capped: z.boolean().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export { MAX_LIST_LIMIT };

/** Beyond any real list (1000 per page × 1,000,000 pages), so OFFSET always stays a small bigint. */
export const MAX_PAGE = 1_000_000;

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
});

const ID_PATTERN = /^[1-9][0-9]{0,9}$/;
const invalidId = { error: SERVER_MESSAGES.invalidId };

/**
 * The one id schema of every path parameter (`/:id`, `/:attId`…) and every id-valued query parameter: a string of
 * decimal digits without sign, spaces, leading zero, exponent or hex (`0x8`, `1e0`, ` 8`, `08` are refused — 400
 * with a French message), or a number (forms and JSON bodies that share a schema), at most MAX_ID: the one id schema
 * of the API (dbIdNumber is its number half, for bodies whose ids are numbers only).
 */
export const idSchema = z
  .union([z.string(invalidId).regex(ID_PATTERN, invalidId), dbIdNumber()], invalidId)
  .transform(Number)
  .pipe(z.number().max(MAX_ID, invalidId));

/** `/:id` route params. */
export const idParamsSchema = z.object({ id: idSchema });

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    message: z.string().optional(),
    pagination: paginationSchema,
    /** With `updated_since` or `cursor` (sync.ts): where to resume. */
    sync: syncInfoSchema.optional(),
  });
}

/** One refused object of an all-or-nothing call (PUT / DELETE /interventions/bulk): which one and why. */
export const failureSchema = z.object({ id: z.number(), reason: z.string() });
export type Failure = z.infer<typeof failureSchema>;

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string().optional(),
  details: z.array(z.object({ field: z.string(), msg: z.string() })).optional(),
  /** Every object an all-or-nothing call refused (nothing was changed). */
  failed: z.array(failureSchema).optional(),
  /** A refused assignment (422 HABILITATION_REQUISE, issue 34): each kind of work and the symbols it lacks. */
  manquantes: z.array(z.object({ travail: z.string(), symboles: z.array(z.string()), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function makePagination(total: number, page: number, limit: number, capped = false): Pagination {
  return { total, pages: Math.ceil(total / limit), page, limit, ...(capped ? { capped } : {}) };
}

/**
 * Long lists are counted up to this many rows (beyond, "plus de 1 000"); fewer are counted exactly. Was 10,000: walking
 * ten thousand index entries per list view cost more than the rest of the request (bench/README.md, issue 16).
 */
export const COUNT_BOUND = 1_000;

/** "Affichage de 1 à 10 sur 42 résultats", or "… sur plus de 1 000 résultats" when the count was bounded. */
export function paginationSummary(from: number, to: number, total: number, capped = false): string {
  // thousands grouped by a no-break space, whatever the runtime's locale data
  const count = capped ? `plus de ${String(total - 1).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}` : `${total}`;
  return `Affichage de ${from} à ${to} sur ${count} résultats`;
}

/** Optional text fields: empty strings become null so the database never stores ''. */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A real calendar day written YYYY-MM-DD. `Date.parse` accepts 2026-02-30 (it rolls over); PostgreSQL refuses it,
 * which made such a date a 500 before (found by the fuzz pass). Every date field uses this.
 */
export function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Query-string booleans: 'true'/'false'/'1'/'0'. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
