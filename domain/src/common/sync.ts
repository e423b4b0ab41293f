import { z } from 'zod';

/**
 * Changes since (issue 35): the interventions, clients, equipment and parts lists take `updated_since` (an ISO
 * instant) or the `cursor` of their previous answer, and then answer the rows changed since, oldest change first
 * (updated_at, id), with `sync: {cursor, watermark, more}`; GET /api/changes gives the rows deleted (or, for an
 * intervention, moved to the trash or the archive) since. Rows changed by a transaction still running are held back
 * until it ends (the watermark), so a cursor never passes a change that commits later.
 */
export const SYNC_MESSAGES = {
  since: 'updated_since : un instant ISO 8601 avec son fuseau, par exemple 2026-11-29T08:00:00Z',
  cursor: 'Curseur de synchronisation invalide (reprenez celui de la réponse précédente)',
  sinceOrCursor: 'Indiquez since (instant ISO 8601) ou le curseur de la réponse précédente',
  typeForbidden: (type: string) => `Vous n'avez pas accès aux suppressions de ce type : ${type}`,
} as const;

/** "<microseconds since 1970>.<id>": the position after the last row read (exact, unlike a millisecond ISO text). */
export const syncCursorSchema = z
  .string()
  .max(40)
  .regex(/^\d{1,17}\.\d{1,10}$/, SYNC_MESSAGES.cursor);

export const syncQueryFields = {
  updated_since: z.iso.datetime({ offset: true, error: SYNC_MESSAGES.since }).optional(),
  cursor: syncCursorSchema.optional(),
};

export const syncInfoSchema = z.object({
  /** Where the next call resumes (`cursor=`): keep it, and call with it next time (or at once when `more`). */
  cursor: z.string().nullable(),
  /** Changes at or after this instant may still be committing: they come in a later call. */
  watermark: z.string(),
  /** A full page: call again with the cursor at once. */
  more: z.boolean(),
});
export type SyncInfo = z.infer<typeof syncInfoSchema>;

export const SYNC_TYPES = ['intervention', 'client', 'equipment', 'part'] as const;
export type SyncType = (typeof SYNC_TYPES)[number];

export const changesQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, error: SYNC_MESSAGES.since }).optional(),
  cursor: syncCursorSchema.optional(),
  /** Comma-separated: intervention,client,equipment,part (default: those the user may read). */
  types: z
    .string()
    .max(60)
    .regex(/^[a-z]+(,[a-z]+)*$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export const deletedRowSchema = z.object({
  type: z.enum(SYNC_TYPES),
  id: z.number(),
  /** SUPPRIMEE (deleted), CORBEILLE / ARCHIVEE (an intervention out of the active list; it returns when restored). */
  raison: z.enum(['SUPPRIMEE', 'CORBEILLE', 'ARCHIVEE']),
  at: z.string(),
});
export const changesSchema = z.object({ deleted: z.array(deletedRowSchema), sync: syncInfoSchema });
