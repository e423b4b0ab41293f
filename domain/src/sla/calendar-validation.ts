import { CALENDAR_MESSAGES, JOUR_LABELS, type Jour } from './calendar-messages.ts';
import type { CalendarException, WeeklyInterval } from './working-time.ts';

/**
 * Validation of a business calendar's weekly intervals and exceptions (issue 31). Each function returns the French
 * messages of `CALENDAR_MESSAGES`, in a stable order (the API shows the first, a form may show them all); an empty
 * array means valid. Intervals that only touch (08:00–12:00 and 12:00–14:00) do not overlap.
 */

const HEURE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:MM' → minutes of the day; '24:00' only when `end` (the end of a day). Null when malformed. */
export function parseHeure(value: unknown, end: boolean): number | null {
  if (typeof value !== 'string') return null;
  if (end && value === '24:00') return 1440;
  if (!HEURE.test(value)) return null;
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

function isJour(value: unknown): value is Jour {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 7;
}

export function validatePlages(plages: readonly WeeklyInterval[]): string[] {
  const problems: string[] = [];
  const byDay = new Map<Jour, { debut: number; fin: number; text: string }[]>();
  for (const plage of plages) {
    if (!isJour(plage.jour)) {
      problems.push(CALENDAR_MESSAGES.jourInvalid);
      continue;
    }
    const jour = JOUR_LABELS[plage.jour];
    const debut = parseHeure(plage.debut, false);
    const fin = parseHeure(plage.fin, true);
    if (debut === null) problems.push(CALENDAR_MESSAGES.heureInvalid(jour, String(plage.debut)));
    if (fin === null) problems.push(CALENDAR_MESSAGES.heureInvalid(jour, String(plage.fin)));
    if (debut === null || fin === null) continue;
    if (fin < debut) problems.push(CALENDAR_MESSAGES.plageInversee(jour, plage.debut, plage.fin));
    else if (fin === debut) problems.push(CALENDAR_MESSAGES.plageVide(jour, plage.debut, plage.fin));
    else {
      const day = byDay.get(plage.jour) ?? [];
      day.push({ debut, fin, text: `${plage.debut}–${plage.fin}` });
      byDay.set(plage.jour, day);
    }
  }
  for (const [jour, day] of [...byDay].sort(([a], [b]) => a - b)) {
    day.sort((a, b) => a.debut - b.debut || a.fin - b.fin);
    let widest = day[0];
    for (const next of day.slice(1)) {
      if (widest && next.debut < widest.fin) {
        problems.push(CALENDAR_MESSAGES.plagesChevauchement(JOUR_LABELS[jour], widest.text, next.text));
      }
      if (!widest || next.fin > widest.fin) widest = next;
    }
  }
  return problems;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date 'YYYY-MM-DD' (not 2026-02-30). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function validateExceptions(exceptions: readonly CalendarException[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { date } of exceptions) {
    if (!isIsoDate(date)) problems.push(CALENDAR_MESSAGES.exceptionDateInvalid(String(date)));
    else if (seen.has(date)) problems.push(CALENDAR_MESSAGES.exceptionDuplicate(date));
    else seen.add(date);
  }
  return problems;
}
