import { z } from 'zod';
import { dbIdNumber } from '../common/numbers.ts';
import type { WorkKind } from './requirements.ts';

/**
 * The consignation record (issue 34, NF C 18-510): five steps in this order, each with its time and who did it; a
 * numbered attestation signed by the chargé de consignation and the chargé de travaux; the déconsignation (avis de fin
 * de travail) in the reverse order. Kinds of work on a de-energised installation need it before EN_COURS.
 */
export const CONSIGNATION_STEPS = ['SEPARATION', 'CONDAMNATION', 'IDENTIFICATION', 'VAT', 'MALT'] as const;
export type ConsignationStep = (typeof CONSIGNATION_STEPS)[number];

export const CONSIGNATION_STEP_LABELS = {
  SEPARATION: 'Séparation',
  CONDAMNATION: 'Condamnation (cadenas)',
  IDENTIFICATION: "Identification de l'ouvrage",
  VAT: "Vérification d'absence de tension",
  MALT: 'Mise à la terre et en court-circuit',
} as const satisfies Record<ConsignationStep, string>;

/** The kinds of work done on a de-energised installation: EN_COURS needs the consignation, TERMINEE the déconsignation. */
export const NEEDS_CONSIGNATION: readonly WorkKind[] = ['HORS_TENSION', 'CONSIGNATION'];

/** The steps a chargé de travaux holding B2V / H2V may do in a two-step procedure (the chargé de consignation's others). */
export const TWO_STEP_STEPS: readonly ConsignationStep[] = ['VAT', 'MALT'];

export const CONSIGNATION_MESSAGES = {
  outOfOrder: (expected: string, got: string) =>
    `Étape de consignation hors d'ordre : « ${got} » ne peut venir qu'après « ${expected} »`,
  deconsignationOrder: (expected: string, got: string) =>
    `La déconsignation se fait dans l'ordre inverse : « ${expected} » attendue, « ${got} » reçue`,
  timeOrder: (step: string) => `L'heure de l'étape « ${step} » précède celle de l'étape précédente`,
  lockRequired: 'La condamnation exige le numéro du cadenas',
  detectorRequired:
    "La vérification d'absence de tension exige le test du détecteur avant et après la mesure (VAT sans test du détecteur)",
  notComplete: 'La consignation doit comporter ses cinq étapes',
  signaturesRequired: 'Le chargé de consignation et le chargé de travaux doivent signer l’attestation',
  deconsignationBeforeConsignation: 'La déconsignation suppose une consignation complète et signée',
  chargeConsignation: (who: string, symbols: string) =>
    `${who} ne peut pas être chargé de consignation : habilitation ${symbols} requise`,
  stepBy: (step: string, who: string) => `${who} n'est pas habilité à réaliser l'étape « ${step} »`,
  requiredToStart:
    'Cette intervention (travaux hors tension) ne peut démarrer sans attestation de consignation complète et signée',
  requiredToFinish: 'Cette intervention ne peut être terminée sans la déconsignation (avis de fin de travail)',
  locked: 'Consignation attestée : seule la déconsignation peut encore être enregistrée',
  saved: 'Consignation enregistrée',
  noRecord: 'Aucune consignation enregistrée pour cette intervention',
  signatureInvalid: 'La signature doit être une image PNG',
} as const;

/** A signature of the attestation as the pad gives it: a PNG data URL (the image is checked on the server). */
const signatureImage = z
  .string()
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: CONSIGNATION_MESSAGES.signatureInvalid })
  .max(1_500_000, { error: CONSIGNATION_MESSAGES.signatureInvalid });

const at = z.iso.datetime({ offset: true, error: 'Heure invalide (ISO 8601)' });
const userId = dbIdNumber();

export const consignationStepSchema = z.object({
  etape: z.enum(CONSIGNATION_STEPS),
  fait_le: at,
  par_id: userId,
  cadenas: z.string().trim().max(50).nullish(),
  detecteur_teste_avant: z.boolean().optional(),
  detecteur_teste_apres: z.boolean().optional(),
});
export type ConsignationStepInput = z.infer<typeof consignationStepSchema>;

/** Checks the order (a prefix of the five, no skip), the times, the lock number and the detector test. */
function orderIssues(steps: readonly ConsignationStepInput[], reverse: boolean): string | null {
  const order = reverse ? [...CONSIGNATION_STEPS].reverse() : [...CONSIGNATION_STEPS];
  for (const [i, s] of steps.entries()) {
    if (s.etape !== order[i]) {
      const expected = CONSIGNATION_STEP_LABELS[order[i] ?? order[order.length - 1]!];
      const got = CONSIGNATION_STEP_LABELS[s.etape];
      return reverse
        ? CONSIGNATION_MESSAGES.deconsignationOrder(expected, got)
        : CONSIGNATION_MESSAGES.outOfOrder(CONSIGNATION_STEP_LABELS[order[i - 1] ?? order[0]!], got);
    }
    if (i > 0 && Date.parse(s.fait_le) < Date.parse(steps[i - 1]!.fait_le)) {
      return CONSIGNATION_MESSAGES.timeOrder(CONSIGNATION_STEP_LABELS[s.etape]);
    }
    if (!reverse && s.etape === 'CONDAMNATION' && !s.cadenas) return CONSIGNATION_MESSAGES.lockRequired;
    if (!reverse && s.etape === 'VAT' && !(s.detecteur_teste_avant && s.detecteur_teste_apres)) {
      return CONSIGNATION_MESSAGES.detectorRequired;
    }
  }
  return null;
}

/** PUT /interventions/{id}/consignation: the whole record as it stands (steps done so far). */
export const consignationInputSchema = z
  .object({
    charge_consignation_id: userId,
    charge_travaux_id: userId,
    etapes: z.array(consignationStepSchema).max(5),
    signe_charge_consignation: z.boolean().default(false),
    signe_charge_travaux: z.boolean().default(false),
    deconsignation: z.array(consignationStepSchema).max(5).default([]),
    /** The signatures' images (PNG data URLs): stored, linked to the record, printed on the attestation. */
    signature_charge_consignation: signatureImage.nullish(),
    signature_charge_travaux: signatureImage.nullish(),
  })
  .superRefine((v, ctx) => {
    const steps = orderIssues(v.etapes, false);
    if (steps) ctx.addIssue({ code: 'custom', path: ['etapes'], message: steps });
    // A signature image sent signs for its chargé.
    const cc = v.signe_charge_consignation || Boolean(v.signature_charge_consignation);
    const ct = v.signe_charge_travaux || Boolean(v.signature_charge_travaux);
    const complete = v.etapes.length === 5 && cc && ct;
    if ((cc || ct) && v.etapes.length < 5) {
      ctx.addIssue({ code: 'custom', path: ['etapes'], message: CONSIGNATION_MESSAGES.notComplete });
    }
    if (v.deconsignation.length > 0 && !complete) {
      ctx.addIssue({
        code: 'custom',
        path: ['deconsignation'],
        message: CONSIGNATION_MESSAGES.deconsignationBeforeConsignation,
      });
    }
    const back = orderIssues(v.deconsignation, true);
    if (back) ctx.addIssue({ code: 'custom', path: ['deconsignation'], message: back });
  });
export type ConsignationInput = z.output<typeof consignationInputSchema>;

export const consignationSchema = z.object({
  intervention_id: z.number().int(),
  numero: z.string(),
  charge_consignation: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
  charge_travaux: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
  etapes: z.array(consignationStepSchema),
  signe_charge_consignation: z.boolean(),
  signe_charge_travaux: z.boolean(),
  /** When the five steps were done and both signed: the attestation's date and hour. */
  attestee_le: z.string().nullable(),
  deconsignation: z.array(consignationStepSchema),
  deconsignee_le: z.string().nullable(),
  /** Whether each chargé's signature image is stored (printed on the attestation PDF). */
  signatures: z.object({ charge_consignation: z.boolean(), charge_travaux: z.boolean() }),
});
export type Consignation = z.infer<typeof consignationSchema>;
