import { z } from 'zod';
import { statutSchema } from '../interventions/intervention-schemas.ts';
import { plannedWallClockSchema } from '../interventions/schedule-schemas.ts';

/** "Mon travail" (issue 14): a user's own interventions — those assigned to him. */
export const MY_WORK_MESSAGES = {
  title: 'Mon travail',
  company: "Vue de l'entreprise",
  mine: 'Mon travail',
  open: 'Mes interventions ouvertes',
  urgent: 'Mes urgences',
  overdue: 'Mes retards',
  time: 'Mon temps cette semaine',
  next: 'Mes prochaines interventions',
  nextEmpty: 'Aucune intervention planifiée pour vous',
  filterChip: 'Mes interventions',
  removeFilter: 'Retirer le filtre « Mes interventions »',
} as const;

export const MY_WORK_NEXT_LIMIT = 5;

export const myWorkSchema = z.object({
  open: z.number().int(),
  urgent: z.number().int(),
  overdue: z.number().int(),
  /** Minutes of timer sessions of the user since Monday 00:00 UTC of the current week. */
  minutesThisWeek: z.number().int(),
  weekStart: z.string(),
  next: z.array(
    z.object({
      id: z.number().int(),
      date: z.string(),
      plannedAt: z.string().nullable(),
      /** plannedAt on Casablanca's wall clock (the server's conversion; what the web shows). */
      plannedWallClock: plannedWallClockSchema.nullable(),
      statut: statutSchema,
      urgence: z.boolean(),
      description: z.string().nullable(),
      equipement: z.string(),
      client: z.string(),
    }),
  ),
});
export type MyWork = z.infer<typeof myWorkSchema>;

/** Monday of the week of `today` (YYYY-MM-DD, ISO weeks). */
export function weekStartOf(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  const shift = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - shift);
  return d.toISOString().slice(0, 10);
}
