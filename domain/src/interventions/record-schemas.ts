import { z } from 'zod';
import { isCalendarDay } from '../common/api.ts';
import { SERVER_MESSAGES } from '../common/messages.ts';
import { MAX_ID } from '../common/numbers.ts';
import { technicianRefSchema } from './assignment-schemas.ts';
import { RECORD_MESSAGES } from './messages.ts';

/**
 * The intervention's work records (spec §3 diagnostic, planification, controle-qualite): one current record of
 * each per intervention, replaced on each save (the history keeps a note of every save).
 */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, RECORD_MESSAGES.textMax(max))
    .nullish()
    .transform((v) => (v ? v : null));

const isoDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(isCalendarDay, 'Date invalide (format AAAA-MM-JJ)');

// ---- diagnostic ------------------------------------------------------------------------------------------------

export const GRAVITES = ['FAIBLE', 'MOYENNE', 'ELEVEE', 'CRITIQUE'] as const;
export type Gravite = (typeof GRAVITES)[number];
export const GRAVITE_LABELS = {
  FAIBLE: 'Faible',
  MOYENNE: 'Moyenne',
  ELEVEE: 'Élevée',
  CRITIQUE: 'Critique',
} as const satisfies Record<Gravite, string>;

/** POST /interventions/:id/diagnostic */
export const diagnosticInputSchema = z.object({
  constat: z
    .string({ error: RECORD_MESSAGES.constatRequired })
    .trim()
    .min(1, RECORD_MESSAGES.constatRequired)
    .max(5000, RECORD_MESSAGES.textMax(5000)),
  causes: text(5000),
  actionsRecommandees: text(5000),
  gravite: z.enum(GRAVITES, { error: RECORD_MESSAGES.graviteInvalid }).default('MOYENNE'),
});
export type DiagnosticInput = z.output<typeof diagnosticInputSchema>;

/** The form: what the user types (empty strings allowed for optional texts). */
export const diagnosticFormSchema = z.object({
  constat: z.string().trim().min(1, RECORD_MESSAGES.constatRequired).max(5000, RECORD_MESSAGES.textMax(5000)),
  causes: z.string().max(5000, RECORD_MESSAGES.textMax(5000)),
  actionsRecommandees: z.string().max(5000, RECORD_MESSAGES.textMax(5000)),
  gravite: z.enum(GRAVITES, { error: RECORD_MESSAGES.graviteInvalid }),
});
export type DiagnosticFormValues = z.infer<typeof diagnosticFormSchema>;

const author = technicianRefSchema.nullable();

export const diagnosticSchema = z.object({
  constat: z.string(),
  causes: z.string().nullable(),
  actionsRecommandees: z.string().nullable(),
  gravite: z.string(),
  auteur: author,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Diagnostic = z.infer<typeof diagnosticSchema>;

// ---- planification ---------------------------------------------------------------------------------------------

/** Estimated duration in hours: exact decimal, at most 999.99 h. */
export const DUREE_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;
const duree = z
  .union([z.number().max(999.99, RECORD_MESSAGES.dureeInvalid), z.string()], { error: RECORD_MESSAGES.dureeInvalid })
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v).trim().replace(',', '.') || null))
  .refine((v) => v === null || (DUREE_PATTERN.test(v) && Number(v) > 0), RECORD_MESSAGES.dureeInvalid);

/**
 * PUT /interventions/:id/planification. `technicianId`: a number assigns, null unassigns, absent keeps the
 * current assignee (the assignee is the intervention's, the same as PUT /:id/assign).
 */
export const planificationInputSchema = z.object({
  datePrevue: isoDate(RECORD_MESSAGES.datePrevueRequired),
  dureeEstimee: duree,
  technicianId: z.coerce.number().int().positive().max(MAX_ID, SERVER_MESSAGES.invalidId).nullable().optional(),
  piecesNecessaires: text(2000),
  instructions: text(5000),
});
export type PlanificationInput = z.output<typeof planificationInputSchema>;

export const planificationFormSchema = z.object({
  datePrevue: isoDate(RECORD_MESSAGES.datePrevueRequired),
  dureeEstimee: z.string().refine((v) => {
    const s = v.trim().replace(',', '.');
    return s === '' || (DUREE_PATTERN.test(s) && Number(s) > 0);
  }, RECORD_MESSAGES.dureeInvalid),
  technicianId: z.string(),
  piecesNecessaires: z.string().max(2000, RECORD_MESSAGES.textMax(2000)),
  instructions: z.string().max(5000, RECORD_MESSAGES.textMax(5000)),
});
export type PlanificationFormValues = z.infer<typeof planificationFormSchema>;

export const planificationSchema = z.object({
  datePrevue: z.string(),
  /** Hours as an exact decimal string ('2.50') or null. */
  dureeEstimee: z.string().nullable(),
  technician: technicianRefSchema.nullable(),
  piecesNecessaires: z.string().nullable(),
  instructions: z.string().nullable(),
  auteur: author,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Planification = z.infer<typeof planificationSchema>;

// ---- contrôle qualité ------------------------------------------------------------------------------------------

export const RESULTATS_CONTROLE = ['CONFORME', 'NON_CONFORME'] as const;
export type ResultatControle = (typeof RESULTATS_CONTROLE)[number];
export const RESULTAT_CONTROLE_LABELS = {
  CONFORME: 'Conforme',
  NON_CONFORME: 'Non conforme',
} as const satisfies Record<ResultatControle, string>;

const resultat = z.enum(RESULTATS_CONTROLE, { error: RECORD_MESSAGES.resultatRequired });

/** POST /interventions/:id/controle-qualite — the controller is the caller; the date defaults to today. */
export const qualityControlInputSchema = z.object({
  resultat,
  observations: text(5000),
  controleLe: isoDate(RECORD_MESSAGES.controleLeRequired).optional(),
});
export type QualityControlInput = z.output<typeof qualityControlInputSchema>;

export const qualityControlFormSchema = z.object({
  // '' until a radio is chosen
  resultat: z
    .string()
    .refine((v) => (RESULTATS_CONTROLE as readonly string[]).includes(v), RECORD_MESSAGES.resultatRequired),
  observations: z.string().max(5000, RECORD_MESSAGES.textMax(5000)),
  controleLe: isoDate(RECORD_MESSAGES.controleLeRequired),
});
export type QualityControlFormValues = z.infer<typeof qualityControlFormSchema>;

export const qualityControlSchema = z.object({
  resultat: z.string(),
  observations: z.string().nullable(),
  controleLe: z.string(),
  controlePar: author,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QualityControl = z.infer<typeof qualityControlSchema>;

/** GET /interventions/:id/records — the current records (null when not yet written). */
export const interventionRecordsSchema = z.object({
  diagnostic: diagnosticSchema.nullable(),
  planification: planificationSchema.nullable(),
  controleQualite: qualityControlSchema.nullable(),
});
export type InterventionRecords = z.infer<typeof interventionRecordsSchema>;
