import { z } from 'zod';
import { iceSchema } from '../clients/client-schemas.ts';
import { optionalText, paginationQuerySchema } from '../common/api.ts';
import { syncQueryFields } from '../common/sync.ts';
import { STOCK_MESSAGES } from './stock-messages.ts';
import { decimal, nonNegativeQuantity, PRIX } from './stock-quantity.ts';

/** Spare parts (issue 18): the catalogue, its suppliers and the part's stock figures. */
const textList = z.array(z.string().trim().min(1).max(100)).max(50).default([]);

/**
 * A supplier of a part (issue 18): its name, ICE (15 digits, the clients' rule), contact and lead time in days.
 * A plain string is still accepted as the supplier's name (API and CSV before migration 0028).
 */
const partSupplierObjectSchema = z.object(
  {
    nom: z
      .string({ error: STOCK_MESSAGES.fournisseurNomRequired })
      .trim()
      .min(1, STOCK_MESSAGES.fournisseurNomRequired)
      .max(200, STOCK_MESSAGES.fournisseurNomMax),
    ice: iceSchema,
    contact: optionalText(200),
    delai_jours: z
      .union([z.number().max(365, STOCK_MESSAGES.delaiInvalid), z.string()], { error: STOCK_MESSAGES.delaiInvalid })
      .nullish()
      .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : Number(String(v).trim())))
      .refine((v) => v === null || (Number.isInteger(v) && v >= 0 && v <= 365), STOCK_MESSAGES.delaiInvalid),
  },
  { error: STOCK_MESSAGES.fournisseurNomRequired },
);
/** The input type is the object (the form's rows); a plain string is still taken at run time as a name. */
export const partSupplierInputSchema = z.preprocess<
  unknown,
  typeof partSupplierObjectSchema,
  z.input<typeof partSupplierObjectSchema>
>((v) => (typeof v === 'string' ? { nom: v } : v), partSupplierObjectSchema);
export type PartSupplier = z.output<typeof partSupplierInputSchema>;
export const partSupplierSchema = z.object({
  nom: z.string(),
  ice: z.string().nullable(),
  contact: z.string().nullable(),
  delai_jours: z.number().nullable(),
});

/** POST /parts, PUT /parts/:id */
export const partInputSchema = z.object({
  reference: z
    .string({ error: STOCK_MESSAGES.referenceRequired })
    .trim()
    .min(1, STOCK_MESSAGES.referenceRequired)
    .max(100, STOCK_MESSAGES.referenceMax),
  designation: z
    .string({ error: STOCK_MESSAGES.designationRequired })
    .trim()
    .min(1, STOCK_MESSAGES.designationRequired)
    .max(200, STOCK_MESSAGES.designationMax),
  famille: optionalText(100),
  unite: z.string({ error: STOCK_MESSAGES.uniteRequired }).trim().min(1, STOCK_MESSAGES.uniteRequired).max(20),
  prix_unitaire: decimal(PRIX, STOCK_MESSAGES.prixInvalid),
  seuil_reappro: nonNegativeQuantity.default(0),
  quantite_reappro: nonNegativeQuantity.default(0),
  fournisseurs: z.array(partSupplierInputSchema).max(50).default([]),
  types_equipement: textList,
});
export type PartInput = z.output<typeof partInputSchema>;

export const partListQuerySchema = paginationQuerySchema.extend({
  famille: z.string().trim().max(100).optional(),
  ...syncQueryFields,
});
export type PartListQuery = z.infer<typeof partListQuerySchema>;

export const stockFiguresSchema = z.object({ on_hand: z.number(), reserved: z.number(), available: z.number() });
export type StockFigures = z.infer<typeof stockFiguresSchema>;

export const partSchema = z.object({
  id: z.number(),
  reference: z.string(),
  designation: z.string(),
  famille: z.string().nullable(),
  unite: z.string(),
  prix_unitaire: z.number(),
  seuil_reappro: z.number(),
  quantite_reappro: z.number(),
  fournisseurs: z.array(partSupplierSchema),
  types_equipement: z.array(z.string()),
  /** Totals over every location. */
  on_hand: z.number(),
  reserved: z.number(),
  available: z.number(),
  low_stock: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Part = z.infer<typeof partSchema>;

/** The image types a part's photo may have (a subset of the attachments' allow-list, checked by content too). */
export const PART_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const PART_PHOTO_ACCEPT = PART_PHOTO_TYPES.join(',');

export const partDetailSchema = partSchema.extend({
  /** Whether GET /parts/:id/photo has an image. */
  photo: z.boolean(),
  stock: z.object({
    locations: z.array(
      stockFiguresSchema.extend({ location_id: z.number(), location_nom: z.string(), location_type: z.string() }),
    ),
    total: stockFiguresSchema,
  }),
});
export type PartDetail = z.infer<typeof partDetailSchema>;
