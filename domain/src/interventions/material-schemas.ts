import { z } from 'zod';
import { MATERIAL_MESSAGES } from './messages.ts';

/**
 * Materials used by an intervention. Quantities (NUMERIC(12,3)) and unit prices in MAD (NUMERIC(14,2)) are exact
 * decimals carried as strings; a line's total (quantity × unit price, rounded to the centime) and the
 * intervention's total are computed by PostgreSQL, never with floats.
 */
export const QUANTITE_PATTERN = /^\d{1,9}(\.\d{1,3})?$/;
export const PRIX_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
/** A bound on lines per intervention, so the list needs no paging. */
export const MAX_MATERIAL_LINES = 200;

const normalize = (v: string | number) => String(v).trim().replace(',', '.');
const quantite = z
  .union([z.number(), z.string()], { error: MATERIAL_MESSAGES.quantiteInvalid })
  .transform(normalize)
  .refine((v) => QUANTITE_PATTERN.test(v) && Number(v) > 0, MATERIAL_MESSAGES.quantiteInvalid);
const prixUnitaire = z
  .union([z.number(), z.string()], { error: MATERIAL_MESSAGES.prixInvalid })
  .transform(normalize)
  .refine((v) => PRIX_PATTERN.test(v), MATERIAL_MESSAGES.prixInvalid);
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

/** POST /interventions/:id/materials */
export const materialInputSchema = z.object({ designation, reference, quantite, prixUnitaire });
export type MaterialInput = z.output<typeof materialInputSchema>;

/** PUT /interventions/:id/materials/:mid — only the fields sent change. */
export const materialUpdateSchema = materialInputSchema.partial();
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
  id: z.coerce.number().int().positive(),
  mid: z.coerce.number().int().positive(),
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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Material = z.infer<typeof materialSchema>;

/** GET /interventions/:id/materials: every line (bounded) and the intervention's total in MAD. */
export const materialsListSchema = z.object({ items: z.array(materialSchema), total: z.string() });
export type MaterialsList = z.infer<typeof materialsListSchema>;
