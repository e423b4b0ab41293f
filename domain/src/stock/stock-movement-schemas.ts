import { z } from 'zod';
import { idSchema, optionalText, paginationQuerySchema } from '../common/api.ts';
import { STOCK_MESSAGES } from './stock-messages.ts';
import { signedQuantity } from './stock-quantity.ts';

/** The stock ledger (issue 18): append-only movements, each updating stock_levels in its transaction. */
export const MOVEMENT_TYPES = ['RECEPTION', 'SORTIE', 'TRANSFERT', 'AJUSTEMENT', 'RETOUR'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const MOVEMENT_LABELS: Record<MovementType, string> = {
  RECEPTION: 'Réception',
  SORTIE: 'Sortie',
  TRANSFERT: 'Transfert',
  AJUSTEMENT: 'Ajustement',
  RETOUR: 'Retour',
};

/**
 * POST /stock/movements. quantite > 0, except AJUSTEMENT: a signed non-zero correction (motif required).
 * TRANSFERT moves quantite from location_id to location_dest_id (two ledger rows).
 */
export const movementInputSchema = z
  .object({
    part_id: idSchema,
    location_id: idSchema,
    type: z.enum(MOVEMENT_TYPES),
    quantite: signedQuantity,
    motif: optionalText(500),
    location_dest_id: idSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((m, ctx) => {
    if (m.type === 'AJUSTEMENT') {
      if (!m.motif) ctx.addIssue({ code: 'custom', path: ['motif'], message: STOCK_MESSAGES.motifRequired });
      if (m.quantite === 0)
        ctx.addIssue({ code: 'custom', path: ['quantite'], message: STOCK_MESSAGES.adjustmentZero });
    } else if (m.quantite <= 0) {
      ctx.addIssue({ code: 'custom', path: ['quantite'], message: STOCK_MESSAGES.quantiteInvalid });
    }
    if (m.type === 'TRANSFERT') {
      if (m.location_dest_id === null) {
        ctx.addIssue({ code: 'custom', path: ['location_dest_id'], message: STOCK_MESSAGES.destRequired });
      } else if (m.location_dest_id === m.location_id) {
        ctx.addIssue({ code: 'custom', path: ['location_dest_id'], message: STOCK_MESSAGES.destSame });
      }
    }
  });
export type MovementInput = z.output<typeof movementInputSchema>;

export const movementSchema = z.object({
  id: z.number(),
  part_id: z.number(),
  location_id: z.number(),
  type: z.enum(MOVEMENT_TYPES),
  /** Signed: what this row adds to the location's on-hand quantity. */
  quantite: z.number(),
  motif: z.string().nullable(),
  intervention_id: z.number().nullable(),
  part_request_id: z.number().nullable(),
  user_id: z.number().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof movementSchema>;

export const movementListQuerySchema = paginationQuerySchema.extend({
  part_id: idSchema.optional(),
  location_id: idSchema.optional(),
});
export type MovementListQuery = z.infer<typeof movementListQuerySchema>;
