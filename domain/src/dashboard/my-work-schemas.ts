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
  nextEmpty: 'Aucune intervention à venir pour vous',
  /** Issue 30: the technician's day, at the top of "Mon travail" (Casablanca days, decided by the server). */
  days: 'Ma journée',
  today: "Aujourd'hui",
  tomorrow: 'Demain',
  late: 'En retard',
  todayEmpty: "Rien de prévu aujourd'hui",
  tomorrowEmpty: 'Rien de prévu demain',
  lateEmpty: 'Aucune intervention en retard',
  /** A job dated but not planned, in the day groups. */
  allDay: 'Dans la journée',
  /** The accessible name of a counter's or a group's link to the filtered list. */
  openList: (what: string, count: string) => `${what} : ${count} — voir la liste`,
  /** The list's chips for the filters the counters open with. */
  openChip: 'Ouvertes',
  dueOnChip: (day: string) => `Prévues le ${day}`,
  dueBeforeChip: (day: string) => `Prévues avant le ${day}`,
  filterChip: 'Mes interventions',
  removeFilter: 'Retirer le filtre « Mes interventions »',
} as const;

export const MY_WORK_NEXT_LIMIT = 5;
/** Items shown per day group (the count is always complete; the rest is one tap away, in the filtered list). */
export const MY_WORK_DAY_LIMIT = 3;

export const MY_WORK_DAY_GROUPS = ['late', 'today', 'tomorrow'] as const;
export type MyWorkDayGroup = (typeof MY_WORK_DAY_GROUPS)[number];

const myWorkItemSchema = z.object({
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
});
export type MyWorkItem = z.infer<typeof myWorkItemSchema>;

const myWorkDaySchema = z.object({ count: z.number().int(), items: z.array(myWorkItemSchema) });

export const myWorkSchema = z.object({
  open: z.number().int(),
  urgent: z.number().int(),
  overdue: z.number().int(),
  /** Minutes of timer sessions of the user since Monday 00:00 UTC of the current week. */
  minutesThisWeek: z.number().int(),
  weekStart: z.string(),
  /** The caller's next open interventions, due today or later: urgent first, then the nearest. */
  next: z.array(myWorkItemSchema),
  /** Today and tomorrow on Casablanca's calendar (the server's; the web passes them back as list filters). */
  today: z.string(),
  tomorrow: z.string(),
  /** His open interventions due today, tomorrow, or before today (urgent first, then the nearest): counts and items. */
  days: z.object({
    late: myWorkDaySchema,
    today: myWorkDaySchema,
    tomorrow: myWorkDaySchema,
  }),
});
export type MyWork = z.infer<typeof myWorkSchema>;

/** Monday of the week of `today` (YYYY-MM-DD, ISO weeks). */
export function weekStartOf(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  const shift = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - shift);
  return d.toISOString().slice(0, 10);
}
