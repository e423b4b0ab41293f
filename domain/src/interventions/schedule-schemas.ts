import { z } from 'zod';
import { isCalendarDay } from '../common/api.ts';
import { statutLabel } from './status.ts';

/**
 * Scheduling (spec §7 `POST` / `PUT /interventions/{id}/schedule {date}`): the planned start of the work — date and
 * time — and its planned duration, distinct from the intervention's own date. Stored as instants; a time written
 * without a zone is Casablanca's wall clock, and the web only ever exchanges that wall clock with the server
 * (`date` without a zone in, `plannedWallClock` out): the server alone converts (planning-clock.ts).
 */
export const PLANNING_TIME_ZONE = 'Africa/Casablanca';
/** Planned duration, in minutes: at most 30 days (CHECK of migration 0016). */
export const DUREE_PREVUE_MAX = 43_200;

export const SCHEDULE_MESSAGES = {
  dateRequired: 'La date prévue est requise',
  dateInvalid:
    'Date prévue invalide : AAAA-MM-JJTHH:MM (heure de Casablanca) ou ISO 8601 avec fuseau, entre 2000 et 2099',
  dureeInvalid: `Durée prévue invalide : nombre entier de minutes entre 1 et ${DUREE_PREVUE_MAX} (30 jours)`,
  dureeFormInvalid: 'Durée invalide : heures (ex. 2 ou 1,5) ou heures et minutes (ex. 1h30), 30 jours au plus',
  timeRequired: "L'heure prévue est requise",
  timeInvalid: 'Heure invalide (HH:MM)',
  alreadyScheduled: (when: string) =>
    `L'intervention est déjà planifiée (le ${when}) : replanifiez-la plutôt que de la planifier à nouveau`,
  closedRefused: (statut: string) =>
    `Intervention ${statutLabel(statut).toLowerCase()} : elle ne peut plus être planifiée (rouvrez-la d'abord)`,
  scheduled: 'Intervention planifiée avec succès',
  rescheduled: 'Intervention replanifiée avec succès',
  unchanged: 'Planification inchangée',
  failed: "Erreur lors de la planification de l'intervention",
  historyScheduled: (when: string, duree: string | null) => `Planifiée le ${when}${duree ? ` (${duree})` : ''}`,
  historyRescheduled: (from: string, to: string, duree: string | null) =>
    `Replanifiée du ${from} au ${to}${duree ? ` (${duree})` : ''}`,
  historyDuree: (when: string, from: string | null, to: string | null) =>
    `Durée prévue du ${when} : ${from ?? 'non précisée'} → ${to ?? 'non précisée'}`,
} as const;

/** The detail's line and form, and the list's column. */
export const SCHEDULE_LABELS = {
  line: 'Prévue le',
  column: 'Prévue le',
  /**
   * An intervention dated without a planned time: the detail's one line about when it is due (issue 30 item 2: the
   * detail said "Date 29/11/2026" and "Prévue le : Non planifiée").
   */
  dateLine: 'Date',
  /** The list's date cell when the planned day is the intervention's date: 'Prévue à 08:00'. */
  plannedAt: (time: string) => `Prévue à ${time}`,
  datedOnly: (date: string) => `${date} · heure à planifier`,
  schedule: 'Planifier la date',
  reschedule: 'Replanifier',
  form: "Planifier l'intervention",
  date: 'Date prévue',
  time: 'Heure (Casablanca)',
  duree: 'Durée prévue',
  dureeHint: 'En heures (ex. 2 ou 1,5) ou 1h30 ; facultative',
  save: 'Enregistrer',
  cancel: 'Annuler',
} as const;

const PLANNED_AT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):(\d{2}))?$/;

/** A real calendar date and time of day (2026-02-30 and 24:00 are refused), offset within ±14:00. */
function validPlannedAt(value: string): boolean {
  const m = PLANNED_AT.exec(value);
  if (!m) return false;
  const n = (i: number) => Number(m[i] ?? 0);
  const [y, mo, d] = [n(1), n(2), n(3)];
  if (y < 2000 || y > 2099 || n(4) > 23 || n(5) > 59 || n(6) > 59 || n(8) > 14 || n(9) > 59) return false;
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

/** Does the planned time carry its zone (`Z` or `±HH:MM`)? Without one it is Casablanca's wall clock. */
export function plannedAtHasZone(value: string): boolean {
  return PLANNED_AT.exec(value)?.[7] !== undefined;
}

/** `date`: '2026-12-15T08:30' (Casablanca) or ISO 8601 with a zone ('2026-12-15T07:30:00Z', '…+01:00'). */
export const plannedAtSchema = z
  .string({ error: SCHEDULE_MESSAGES.dateRequired })
  .trim()
  .min(1, { error: SCHEDULE_MESSAGES.dateRequired, abort: true })
  .refine(validPlannedAt, SCHEDULE_MESSAGES.dateInvalid);

export const dureePrevueSchema = z
  .number({ error: SCHEDULE_MESSAGES.dureeInvalid })
  .int({ error: SCHEDULE_MESSAGES.dureeInvalid })
  .min(1, SCHEDULE_MESSAGES.dureeInvalid)
  .max(DUREE_PREVUE_MAX, SCHEDULE_MESSAGES.dureeInvalid);

/**
 * POST / PUT /interventions/:id/schedule. `duree` in minutes; null or absent: no planned duration (PUT without it
 * clears a previous one: the body is the whole schedule).
 */
export const scheduleInputSchema = z.object({
  date: plannedAtSchema,
  duree: dureePrevueSchema.nullish().transform((v) => v ?? null),
});
export type ScheduleInput = z.output<typeof scheduleInputSchema>;

// ---- the form ----------------------------------------------------------------------------------------------------

const DUREE_TEXT = /^(?:(\d{1,3})(?:[.,](\d{1,2}))?|(\d{1,3})\s*[h:]\s*(\d{1,2})?)$/i;

/**
 * Minutes of a duration typed in the form: hours ('2', '1,5', '0.75') or hours and minutes ('1h30', '1 h', '0:45').
 * '' → null (no duration); anything else, or beyond 30 days → undefined (invalid).
 */
export function parseDureeText(text: string): number | null | undefined {
  const s = text.trim();
  if (s === '') return null;
  const m = DUREE_TEXT.exec(s);
  if (!m || Number(m[4] ?? 0) > 59) return undefined;
  const minutes =
    m[1] !== undefined
      ? Math.round(Number(`${m[1]}.${m[2] ?? '0'}`) * 60)
      : Number(m[3]) * 60 + (m[4] === undefined ? 0 : Number(m[4]));
  return minutes >= 1 && minutes <= DUREE_PREVUE_MAX ? minutes : undefined;
}

/** The detail's small form: a date, a time of day (Casablanca) and an optional duration. */
export const scheduleFormSchema = z.object({
  date: z.string().trim().min(1, SCHEDULE_MESSAGES.dateRequired).refine(isCalendarDay, SCHEDULE_MESSAGES.dateInvalid),
  time: z
    .string()
    .trim()
    .min(1, SCHEDULE_MESSAGES.timeRequired)
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, SCHEDULE_MESSAGES.timeInvalid),
  duree: z.string().refine((v) => parseDureeText(v) !== undefined, SCHEDULE_MESSAGES.dureeFormInvalid),
});
export type ScheduleFormValues = z.infer<typeof scheduleFormSchema>;

/** The API body of the form's values (refined by scheduleFormSchema first). */
export function scheduleBodyOf(v: ScheduleFormValues): ScheduleInput {
  return { date: wallClockBody(v.date, v.time), duree: parseDureeText(v.duree) ?? null };
}

// ---- display -----------------------------------------------------------------------------------------------------

/**
 * A planned time on Casablanca's wall clock, as the server gives it (`plannedWallClock`): the web shows and edits
 * these values as they are and never converts an instant itself (planning-clock.ts, the server's, does).
 */
export const plannedWallClockSchema = z.object({
  date: z.string(),
  time: z.string(),
  zone: z.literal(PLANNING_TIME_ZONE),
});
export type PlannedWallClock = z.infer<typeof plannedWallClockSchema>;

/** '15/12/2026 à 08:30' of a wall clock ('2026-12-15', '08:30'). */
export function wallClockText(w: Pick<PlannedWallClock, 'date' | 'time'>): string {
  const [y, m, day] = w.date.split('-');
  return `${day}/${m}/${y} à ${w.time}`;
}

/** '15/12/2026 à 08:30'; '-' when not planned. */
export function formatWallClock(w: Pick<PlannedWallClock, 'date' | 'time'> | null | undefined): string {
  return w ? wallClockText(w) : '-';
}

/** The API body of a wall clock: '2026-12-15T08:30' (no zone: Casablanca's clock, converted by the server). */
export const wallClockBody = (date: string, time: string) => `${date}T${time}`;

// Built on first use, not when the module loads: issue 30 item 10 (a page's first Intl object loads ICU's data).
let todayCache: Intl.DateTimeFormat | undefined;
const today = () =>
  (todayCache ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: PLANNING_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }));

/**
 * Today in Casablanca (YYYY-MM-DD): the day a user in Morocco writes on a meter reading and the day a completion
 * counts for (plans.repository.ts). Between midnight and 1 a.m. in Casablanca it is already the next UTC day's date.
 * In a browser this reads the browser's zone data: only which day is "today" (the planning's highlight, a form's
 * default) can depend on it, in the hour around midnight; planned times never do (planning-clock.ts).
 */
export function planningToday(now: Date = new Date()): string {
  const p = Object.fromEntries(
    today()
      .formatToParts(now)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}`;
}

/** '2 h', '1 h 30', '45 min'; null when there is no duration. */
export function formatDureePrevue(minutes: number | null | undefined): string | null {
  if (minutes === null || minutes === undefined) return null;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
}
