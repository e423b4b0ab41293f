import { z } from 'zod';
import { idSchema, isCalendarDay } from '../common/api.ts';

/**
 * Running-hours meter of an equipment (issue 17, meter trigger of preventive plans): readings entered by hand, each
 * with its day, value and author. A reading may never be lower than an earlier one (nor higher than a later one).
 */
/** A running-hours meter counts at most 24 h per calendar day (issue 29: one absurd reading locked the meter). */
export const METER_HOURS_PER_DAY = 24;
/** The highest plausible reading: 40 years of non-stop running. */
export const METER_MAX_HOURS = 350_000;

export const METER_MESSAGES = {
  dateInvalid: 'Date invalide (AAAA-MM-JJ)',
  dateFuture: 'La date du relevé ne peut pas être dans le futur',
  valeurInvalid: "Le compteur d'heures doit être un nombre entier d'heures, positif ou nul",
  lowerThanPrevious: (previous: number, date: string) =>
    `Relevé refusé : le compteur ne peut pas descendre sous le relevé précédent (${previous} h le ${date})`,
  higherThanNext: (next: number, date: string) => `Relevé refusé : il dépasse le relevé suivant (${next} h le ${date})`,
  valeurTooHigh: `Relevé refusé : un compteur d'heures ne dépasse pas ${METER_MAX_HOURS.toLocaleString('fr-FR')} h`,
  implausibleSincePrevious: (previous: number, date: string, max: number) =>
    `Relevé refusé : invraisemblable depuis le relevé précédent (${previous} h le ${date}) — au plus ${max} h de plus (${METER_HOURS_PER_DAY} h par jour écoulé)`,
  implausibleUntilNext: (next: number, date: string, min: number) =>
    `Relevé refusé : invraisemblable avant le relevé suivant (${next} h le ${date}) — au moins ${min} h (${METER_HOURS_PER_DAY} h par jour écoulé)`,
  created: 'Relevé du compteur enregistré',
  updated: 'Relevé du compteur corrigé',
  deleted: 'Relevé du compteur supprimé',
  notFound: 'Relevé de compteur introuvable',
  delete: 'Supprimer',
  deleteTitle: 'Supprimer le relevé',
  editLabel: (valeur: number, date: string) => `Corriger le relevé de ${valeur} h du ${date}`,
  deleteLabel: (valeur: number, date: string) => `Supprimer le relevé de ${valeur} h du ${date}`,
  listLabel: 'Relevés récents',
  updateFailed: 'Erreur lors de la correction du relevé',
  deleteConfirm: (valeur: number, date: string) =>
    `Supprimer le relevé de ${valeur} h du ${date} ? Les déclencheurs compteur des plans seront recalculés sans lui.`,
  saving: 'Enregistrement…',
  save: 'Enregistrer la correction',
  cancel: 'Annuler',
  title: "Compteur d'heures de fonctionnement",
  none: 'Aucun relevé',
  last: (valeur: number, date: string, par: string | null) =>
    `Dernier relevé : ${valeur} h le ${date}${par ? ` (${par})` : ''}`,
  add: 'Enregistrer un relevé',
  valeurLabel: 'Heures au compteur',
  dateLabel: 'Date du relevé',
} as const;

export const meterReadingInputSchema = z.object({
  date: z.string({ error: METER_MESSAGES.dateInvalid }).trim().refine(isCalendarDay, METER_MESSAGES.dateInvalid),
  valeur: z
    .number({ error: METER_MESSAGES.valeurInvalid })
    .int(METER_MESSAGES.valeurInvalid)
    .min(0, METER_MESSAGES.valeurInvalid)
    .max(METER_MAX_HOURS, METER_MESSAGES.valeurTooHigh),
});
export type MeterReadingInput = z.output<typeof meterReadingInputSchema>;

export const meterReadingParamsSchema = z.object({ id: idSchema, readingId: idSchema });

const DAY_MS = 86_400_000;
/** Days from `from` to `to` ('YYYY-MM-DD'), counting both: two readings of one day may be 24 h apart. */
const spanDays = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/**
 * Why a reading of `valeur` on `date` may not sit between its neighbours (null: it may): never below the previous
 * one nor above the next (a meter only goes up), and never more than METER_HOURS_PER_DAY per calendar day spanned
 * since the previous one or until the next one.
 */
export function meterReadingRefusal(
  reading: { date: string; valeur: number },
  before: { date: string; valeur: number } | null,
  after: { date: string; valeur: number } | null,
): string | null {
  if (before && reading.valeur < before.valeur) return METER_MESSAGES.lowerThanPrevious(before.valeur, before.date);
  if (after && reading.valeur > after.valeur) return METER_MESSAGES.higherThanNext(after.valeur, after.date);
  if (before) {
    const max = before.valeur + METER_HOURS_PER_DAY * spanDays(before.date, reading.date);
    if (reading.valeur > max) return METER_MESSAGES.implausibleSincePrevious(before.valeur, before.date, max);
  }
  if (after) {
    const min = after.valeur - METER_HOURS_PER_DAY * spanDays(reading.date, after.date);
    if (reading.valeur < min) return METER_MESSAGES.implausibleUntilNext(after.valeur, after.date, min);
  }
  return null;
}

export const meterReadingSchema = z.object({
  id: z.number(),
  equipement_id: z.number(),
  date: z.string(),
  valeur: z.number(),
  saisi_par: z.number().nullable(),
  saisi_par_nom: z.string().nullable(),
  createdAt: z.string(),
});
export type MeterReading = z.infer<typeof meterReadingSchema>;

/** The form's fields as typed, checked by the same schema as the server's. */
export const meterReadingFormSchema = z.object({ date: z.string(), valeur: z.string() }).transform((v, ctx) => {
  const checked = meterReadingInputSchema.safeParse({
    date: v.date,
    valeur: v.valeur.trim() === '' ? Number.NaN : Number(v.valeur),
  });
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
});
