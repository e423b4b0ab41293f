import { z } from 'zod';
import { isCalendarDay } from '../common/api.ts';

/**
 * Running-hours meter of an equipment (issue 17, meter trigger of preventive plans): readings entered by hand, each
 * with its day, value and author. A reading may never be lower than an earlier one (nor higher than a later one).
 */
export const METER_MESSAGES = {
  dateInvalid: 'Date invalide (AAAA-MM-JJ)',
  dateFuture: 'La date du relevé ne peut pas être dans le futur',
  valeurInvalid: "Le compteur d'heures doit être un nombre entier d'heures, positif ou nul",
  lowerThanPrevious: (previous: number, date: string) =>
    `Relevé refusé : le compteur ne peut pas descendre sous le relevé précédent (${previous} h le ${date})`,
  higherThanNext: (next: number, date: string) => `Relevé refusé : il dépasse le relevé suivant (${next} h le ${date})`,
  created: 'Relevé du compteur enregistré',
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
    .max(2_000_000_000, METER_MESSAGES.valeurInvalid),
});
export type MeterReadingInput = z.output<typeof meterReadingInputSchema>;

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
