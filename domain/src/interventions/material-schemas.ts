import { z } from 'zod';
import { idSchema } from '../common/api.ts';
import { MONEY_PATTERN, moneyText, QUANTITY_PATTERN, quantityText } from '../common/numbers.ts';
import { MATERIAL_MESSAGES } from './messages.ts';

/**
 * Materials used by an intervention. Quantities (NUMERIC(12,3)) and unit prices in MAD (NUMERIC(14,2)) are exact
 * decimals carried as strings; a line's total (quantity × unit price, rounded to the centime) and the
 * intervention's total are computed by PostgreSQL, never with floats.
 */
export const QUANTITE_PATTERN = QUANTITY_PATTERN;
export const PRIX_PATTERN = MONEY_PATTERN;
/** A bound on lines per intervention, so the list needs no paging. */
export const MAX_MATERIAL_LINES = 200;

const normalize = (v: string | number) => String(v).trim().replace(',', '.');
const quantite = quantityText(MATERIAL_MESSAGES.quantiteInvalid).refine(
  (v) => Number(v) > 0,
  MATERIAL_MESSAGES.quantiteInvalid,
);
const prixUnitaire = moneyText(MATERIAL_MESSAGES.prixInvalid);
const designation = z
  .string({ error: MATERIAL_MESSAGES.designationRequired })
  .trim()
  .min(1, MATERIAL_MESSAGES.designationRequired)
  .max(200, MATERIAL_MESSAGES.designationMax);
const reference = z
  .string()
  .trim()
  .max(100, MATERIAL_MESSAGES.referenceMax)
  .nullish()
  .transform((v) => (v ? v : null));

const optionalId = idSchema.nullish().transform((v) => v ?? null);

/**
 * POST /interventions/:id/materials. `part_id` (and `location_id`, default the central store) link the line to the
 * stock (issue 18): its quantity is reserved there until the intervention is TERMINEE (issued) or ANNULEE (released).
 */
export const materialInputSchema = z.object({
  designation,
  reference,
  quantite,
  prixUnitaire,
  part_id: optionalId.optional(),
  location_id: optionalId.optional(),
});
export type MaterialInput = z.output<typeof materialInputSchema>;

/** PUT /interventions/:id/materials/:mid — only the fields sent change (the stock link is set at creation). */
export const materialUpdateSchema = z.object({ designation, reference, quantite, prixUnitaire }).partial();
export type MaterialUpdate = z.output<typeof materialUpdateSchema>;

/** The add/edit form (strings as typed; '12,5' accepted). */
export const materialFormSchema = z.object({
  designation,
  reference: z.string().max(100, MATERIAL_MESSAGES.referenceMax),
  quantite: z.string().refine((v) => {
    const s = normalize(v);
    return QUANTITE_PATTERN.test(s) && Number(s) > 0;
  }, MATERIAL_MESSAGES.quantiteInvalid),
  prixUnitaire: z.string().refine((v) => PRIX_PATTERN.test(normalize(v)), MATERIAL_MESSAGES.prixInvalid),
});
export type MaterialFormValues = z.infer<typeof materialFormSchema>;

export const materialParamsSchema = z.object({
  id: idSchema,
  mid: idSchema,
});

export const materialSchema = z.object({
  id: z.number(),
  designation: z.string(),
  reference: z.string().nullable(),
  /** '2.5' (trailing zeros dropped) */
  quantite: z.string(),
  /** '150.00' MAD */
  prixUnitaire: z.string(),
  /** quantite × prixUnitaire rounded to 2 decimals, '375.00' MAD */
  total: z.string(),
  auteur: z.object({ id: z.number(), nom: z.string() }).nullable(),
  /** Stock link (issue 18): the part, its location and RESERVEE | SORTIE | LIBEREE | RETOURNEE (issued,
   * then returned when the intervention was cancelled); null when not linked. */
  part_id: z.number().nullable().optional(),
  location_id: z.number().nullable().optional(),
  stock_state: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Material = z.infer<typeof materialSchema>;

/** GET /interventions/:id/materials: every line (bounded) and the intervention's total in MAD. */
export const materialsListSchema = z.object({ items: z.array(materialSchema), total: z.string() });
export type MaterialsList = z.infer<typeof materialsListSchema>;
