import { z } from 'zod';
import { idSchema } from '../common/api.ts';
import { STOCK_MESSAGES } from './stock-messages.ts';

/**
 * Spare parts and stock (issue 18). Quantities are NUMERIC(12,3) and prices NUMERIC(14,2) MAD in PostgreSQL;
 * the API carries them as JSON numbers. The ledger (stock_movements) is append-only; stock_levels holds the
 * running on-hand and reserved quantity per (part, location), updated in the movement's transaction.
 *
 * This module holds the settings, locations, alerts and the waiting/repair split, and re-exports the rest: parts
 * (part-schemas.ts), movements (stock-movement-schemas.ts) and part requests (part-request-schemas.ts).
 */
export * from './part-request-schemas.ts';
export * from './part-schemas.ts';
export * from './stock-movement-schemas.ts';
export { positiveQuantity } from './stock-quantity.ts';
export { STOCK_MESSAGES };

/**
 * The stock's settings (GET/PUT /stock/settings, kept in app_settings under 'stock'): negative on-hand quantities are
 * refused unless `allow_negative` (a storekeeper who issues before the receipt is entered may want them).
 */
export const stockSettingsSchema = z.object({ allow_negative: z.boolean() });
export type StockSettings = z.infer<typeof stockSettingsSchema>;
export const DEFAULT_STOCK_SETTINGS: StockSettings = { allow_negative: false };
export const STOCK_SETTINGS_MESSAGES = {
  allowNegative: 'Autoriser le stock négatif',
  allowNegativeHelp: 'Une sortie peut alors dépasser la quantité en stock (à régulariser par une réception).',
  saved: 'Paramètres du stock enregistrés',
} as const;

/** The location every installation has (migration 0024), default destination of received parts. */
export const CENTRAL_STORE = 'Magasin central';

export const LOCATION_TYPES = ['MAGASIN', 'VEHICULE', 'SITE'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** POST /stock/locations */
export const locationInputSchema = z.object({
  nom: z
    .string({ error: STOCK_MESSAGES.locationNomRequired })
    .trim()
    .min(1, STOCK_MESSAGES.locationNomRequired)
    .max(100),
  type: z.enum(LOCATION_TYPES),
  technicien_id: idSchema.nullish().transform((v) => v ?? null),
  client_id: idSchema.nullish().transform((v) => v ?? null),
  /** The agency (section) the location belongs to (issue 33); else its technician's or its client's. */
  section_id: idSchema.nullish().transform((v) => v ?? null),
});
export type LocationInput = z.output<typeof locationInputSchema>;

export const locationSchema = z.object({
  id: z.number(),
  nom: z.string(),
  type: z.enum(LOCATION_TYPES),
  technicien_id: z.number().nullable(),
  client_id: z.number().nullable(),
  section_id: z.number().nullable(),
  createdAt: z.string(),
});
export type StockLocation = z.infer<typeof locationSchema>;

export const stockAlertSchema = z.object({
  part_id: z.number(),
  reference: z.string(),
  designation: z.string(),
  unite: z.string(),
  on_hand: z.number(),
  reserved: z.number(),
  available: z.number(),
  seuil_reappro: z.number(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;

export const stockSuggestionSchema = stockAlertSchema.extend({
  /** GREATEST(quantite_reappro, seuil_reappro − available) */
  quantite_suggeree: z.number(),
  prix_unitaire: z.number(),
  /** quantite_suggeree × prix_unitaire, MAD */
  montant: z.number(),
  /** The part's first supplier: its name and lead time in days. */
  fournisseur: z.string().nullable(),
  delai_jours: z.number().nullable(),
});
export type StockSuggestion = z.infer<typeof stockSuggestionSchema>;

/** The optional stock link of a material line (POST /interventions/:id/materials). */
export const materialStockLinkSchema = z.object({
  part_id: idSchema.nullish().transform((v) => v ?? null),
  location_id: idSchema.nullish().transform((v) => v ?? null),
});

/**
 * Time waiting for parts vs repair time from an intervention's status history (rows in order): seconds spent in
 * EN_ATTENTE_PDR, and repair seconds = first EN_COURS → last TERMINEE minus the waiting inside that span.
 */
export function waitingSplit(
  history: readonly { toStatut: string | null; at: Date | string }[],
  now: Date = new Date(),
): { waitingSeconds: number; repairSeconds: number | null } {
  const rows = [...history].map((h) => ({ to: h.toStatut, t: new Date(h.at).getTime() })).sort((a, b) => a.t - b.t);
  let waiting = 0;
  let waitingInRepair = 0;
  const start = rows.find((r) => r.to === 'EN_COURS')?.t ?? null;
  const finishes = rows.filter((r) => r.to === 'TERMINEE');
  const finish = finishes.at(-1)?.t ?? null;
  rows.forEach((r, i) => {
    if (r.to !== 'EN_ATTENTE_PDR') return;
    const end = rows[i + 1]?.t ?? now.getTime();
    waiting += end - r.t;
    if (start !== null && finish !== null) {
      const s = Math.max(r.t, start);
      const e = Math.min(end, finish);
      if (e > s) waitingInRepair += e - s;
    }
  });
  const repair = start !== null && finish !== null && finish >= start ? finish - start - waitingInRepair : null;
  return { waitingSeconds: waiting / 1000, repairSeconds: repair === null ? null : repair / 1000 };
}
