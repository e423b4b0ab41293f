import { z } from 'zod';
import { iceSchema } from '../clients/client-schemas.ts';
import { idSchema, isCalendarDay, optionalText, paginationQuerySchema } from '../common/api.ts';

/**
 * Spare parts and stock (issue 18). Quantities are NUMERIC(12,3) and prices NUMERIC(14,2) MAD in PostgreSQL;
 * the API carries them as JSON numbers. The ledger (stock_movements) is append-only; stock_levels holds the
 * running on-hand and reserved quantity per (part, location), updated in the movement's transaction.
 */
export const STOCK_MESSAGES = {
  referenceRequired: 'La référence est requise',
  referenceMax: 'La référence ne peut pas dépasser 100 caractères',
  referenceTaken: 'Une pièce porte déjà cette référence',
  designationRequired: 'La désignation est requise',
  designationMax: 'La désignation ne peut pas dépasser 200 caractères',
  uniteRequired: "L'unité est requise",
  quantiteInvalid: 'La quantité doit être un nombre positif (3 décimales au plus)',
  prixInvalid: 'Le prix unitaire doit être un montant positif (2 décimales au plus)',
  partNotFound: 'Pièce introuvable',
  partInUse: 'Cette pièce a des mouvements de stock ou est utilisée : elle ne peut pas être supprimée',
  locationNotFound: 'Emplacement de stock introuvable',
  locationNomRequired: "Le nom de l'emplacement est requis",
  locationNomTaken: 'Un emplacement porte déjà ce nom',
  locationTechnicienRequired: 'Un emplacement véhicule doit désigner son technicien',
  locationClientRequired: 'Un emplacement site doit désigner son client',
  insufficient: (designation: string, available: number) =>
    `Stock insuffisant pour « ${designation} » : ${available} disponible(s)`,
  motifRequired: 'Le motif est requis pour un ajustement',
  destRequired: "L'emplacement de destination est requis pour un transfert",
  destSame: "L'emplacement de destination doit différer de l'emplacement d'origine",
  adjustmentZero: 'Un ajustement ne peut pas être nul',
  ledgerReadOnly: 'Les mouvements de stock ne peuvent être ni modifiés ni supprimés',
  partAndLocation: 'Une ligne liée au stock doit indiquer la pièce et l’emplacement',
  requestNotFound: 'Demande de pièces introuvable',
  requestNotOpen: 'Cette demande de pièces a déjà été reçue ou annulée',
  requestLinesRequired: 'Au moins une ligne est requise',
  fournisseurRequired: 'Le fournisseur est requis',
  fournisseurNomRequired: 'Le nom du fournisseur est requis',
  fournisseurNomMax: 'Le nom du fournisseur ne peut pas dépasser 200 caractères',
  photoTypeRefused: 'La photo doit être une image JPEG, PNG, GIF ou WebP',
  photoNotFound: "Cette pièce n'a pas de photo",
  photoUploaded: 'Photo enregistrée',
  photoDeleted: 'Photo supprimée',
  delaiInvalid: 'Le délai de livraison est un nombre entier de jours (0 à 365)',
  dateInvalid: 'Date invalide (AAAA-MM-JJ)',
  waitingNeedsRequest:
    "Une demande de pièces ouverte est requise pour passer l'intervention en attente de pièces (PDR)",
  partCreated: 'Pièce créée avec succès',
  partUpdated: 'Pièce modifiée avec succès',
  partDeleted: 'Pièce supprimée avec succès',
  locationCreated: 'Emplacement créé avec succès',
  movementRecorded: 'Mouvement de stock enregistré',
  requestCreated: 'Demande de pièces enregistrée',
  requestReceived: 'Pièces reçues et entrées en stock',
  requestCancelled: 'Demande de pièces annulée',
  cancelRequestAction: 'Annuler la demande',
  requestLastWhileWaiting:
    "C'est la dernière demande de pièces ouverte d'une intervention en attente de pièces (PDR) : changez d'abord son statut",
} as const;

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

export const MOVEMENT_TYPES = ['RECEPTION', 'SORTIE', 'TRANSFERT', 'AJUSTEMENT', 'RETOUR'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const MOVEMENT_LABELS: Record<MovementType, string> = {
  RECEPTION: 'Réception',
  SORTIE: 'Sortie',
  TRANSFERT: 'Transfert',
  AJUSTEMENT: 'Ajustement',
  RETOUR: 'Retour',
};

export const PART_REQUEST_STATUTS = ['OUVERTE', 'RECUE', 'ANNULEE'] as const;
export type PartRequestStatut = (typeof PART_REQUEST_STATUTS)[number];

const QTY = /^-?\d{1,9}(\.\d{1,3})?$/;
const PRIX = /^\d{1,12}(\.\d{1,2})?$/;
const decimal = (pattern: RegExp, msg: string) =>
  z
    .union([z.number(), z.string()], { error: msg })
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => pattern.test(v), msg)
    .transform(Number);
/** A quantity > 0 (3 decimals). */
export const positiveQuantity = decimal(QTY, STOCK_MESSAGES.quantiteInvalid).refine(
  (v) => v > 0,
  STOCK_MESSAGES.quantiteInvalid,
);
const nonNegativeQuantity = decimal(QTY, STOCK_MESSAGES.quantiteInvalid).refine(
  (v) => v >= 0,
  STOCK_MESSAGES.quantiteInvalid,
);
const signedQuantity = decimal(QTY, STOCK_MESSAGES.quantiteInvalid);
const textList = z.array(z.string().trim().min(1).max(100)).max(50).default([]);
const day = z.string({ error: STOCK_MESSAGES.dateInvalid }).refine(isCalendarDay, STOCK_MESSAGES.dateInvalid);

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
      .union([z.number(), z.string()], { error: STOCK_MESSAGES.delaiInvalid })
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

export const partListQuerySchema = paginationQuerySchema.extend({ famille: z.string().trim().max(100).optional() });
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
});
export type LocationInput = z.output<typeof locationInputSchema>;

export const locationSchema = z.object({
  id: z.number(),
  nom: z.string(),
  type: z.enum(LOCATION_TYPES),
  technicien_id: z.number().nullable(),
  client_id: z.number().nullable(),
  createdAt: z.string(),
});
export type StockLocation = z.infer<typeof locationSchema>;

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
});
export type PartRequestInput = z.output<typeof partRequestInputSchema>;

/** PUT /interventions/:id/part-requests/:rid/receive (body optional; default location: the central store). */
export const partRequestReceiveSchema = z
  .object({ location_id: idSchema.nullish().transform((v) => v ?? null) })
  .nullish()
  .transform((v) => v ?? { location_id: null });
export type PartRequestReceive = z.output<typeof partRequestReceiveSchema>;

export const partRequestParamsSchema = z.object({ id: idSchema, rid: idSchema });

export const partRequestSchema = z.object({
  id: z.number(),
  intervention_id: z.number(),
  fournisseur: z.string(),
  date_commande: z.string(),
  date_prevue: z.string().nullable(),
  statut: z.enum(PART_REQUEST_STATUTS),
  location_id: z.number().nullable(),
  received_at: z.string().nullable(),
  lignes: z.array(
    z.object({ part_id: z.number(), reference: z.string(), designation: z.string(), quantite: z.number() }),
  ),
  createdAt: z.string(),
});
export type PartRequest = z.infer<typeof partRequestSchema>;

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
