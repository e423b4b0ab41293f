import { z } from 'zod';
import { idSchema, isCalendarDay } from '../common/api.ts';
import { STOCK_MESSAGES } from './stock-messages.ts';
import { positiveQuantity } from './stock-quantity.ts';

/** Part requests of an intervention (issue 18): ordered from a supplier, then received into a location or cancelled. */
export const PART_REQUEST_STATUTS = ['OUVERTE', 'RECUE', 'ANNULEE'] as const;
export type PartRequestStatut = (typeof PART_REQUEST_STATUTS)[number];

const day = z.string({ error: STOCK_MESSAGES.dateInvalid }).refine(isCalendarDay, STOCK_MESSAGES.dateInvalid);

/** POST /interventions/:id/part-requests */
export const partRequestInputSchema = z.object({
  lignes: z
    .array(z.object({ part_id: idSchema, quantite: positiveQuantity }), { error: STOCK_MESSAGES.requestLinesRequired })
    .min(1, STOCK_MESSAGES.requestLinesRequired)
    .max(100),
  fournisseur: z
    .string({ error: STOCK_MESSAGES.fournisseurRequired })
    .trim()
    .min(1, STOCK_MESSAGES.fournisseurRequired)
    .max(200),
  date_commande: day,
  date_prevue: day.nullish().transform((v) => v ?? null),
  /** Issue 31: the client supplies these parts — the contract's rule PIECES_CLIENT pauses the guaranteed times. */
  fourni_par_client: z.boolean({ error: STOCK_MESSAGES.fourniParClientInvalid }).default(false),
});
export type PartRequestInput = z.output<typeof partRequestInputSchema>;

/** PUT /interventions/:id/part-requests/:rid/receive (body optional; default location: the central store). */
export const partRequestReceiveSchema = z
  .object({ location_id: idSchema.nullish().transform((v) => v ?? null) })
  .nullish()
  .transform((v) => v ?? { location_id: null });
export type PartRequestReceive = z.output<typeof partRequestReceiveSchema>;

/** PUT /interventions/:id/part-requests/:rid/client-supplied (issue 31): an open request's "fourni par le client". */
export const partRequestClientSuppliedSchema = z.object({
  fourni_par_client: z.boolean({ error: STOCK_MESSAGES.fourniParClientInvalid }),
});
export type PartRequestClientSupplied = z.output<typeof partRequestClientSuppliedSchema>;

export const partRequestParamsSchema = z.object({ id: idSchema, rid: idSchema });

export const partRequestSchema = z.object({
  id: z.number(),
  intervention_id: z.number(),
  fournisseur: z.string(),
  date_commande: z.string(),
  date_prevue: z.string().nullable(),
  statut: z.enum(PART_REQUEST_STATUTS),
  location_id: z.number().nullable(),
  fourni_par_client: z.boolean(),
  received_at: z.string().nullable(),
  lignes: z.array(
    z.object({ part_id: z.number(), reference: z.string(), designation: z.string(), quantite: z.number() }),
  ),
  createdAt: z.string(),
});
export type PartRequest = z.infer<typeof partRequestSchema>;
