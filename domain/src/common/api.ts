import { z } from 'zod';

/** Envelope shapes of the API (spec §3 "List responses", ARCHITECTURE.md). */
export const paginationSchema = z.object({
  total: z.number().int(),
  pages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Dropdowns load with limit 1000 (spec §9). */
export const MAX_LIST_LIMIT = 1000;

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
});

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    message: z.string().optional(),
    pagination: paginationSchema,
  });
}

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string().optional(),
  details: z.array(z.object({ field: z.string(), msg: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function makePagination(total: number, page: number, limit: number): Pagination {
  return { total, pages: Math.ceil(total / limit), page, limit };
}

/** Optional text fields: empty strings become null so the database never stores ''. */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Query-string booleans: 'true'/'false'/'1'/'0'. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
