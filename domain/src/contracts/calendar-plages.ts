import { parseHeure as parseSlaHeure, validatePlages } from '../sla/calendar-validation.ts';

/**
 * A calendar's weekly intervals: "HH:MM" in the API, minutes of the local day (0..1440) in the database. The rules
 * (format, inversion, overlap) and their French messages are the SLA arithmetic's own (`sla/calendar-validation.ts`,
 * `CALENDAR_MESSAGES`): one check for the API, the form and the deadlines.
 */

export interface Plage {
  jour: number;
  debut: string;
  fin: string;
}

/** "08:30" → 510; "24:00" → 1440; anything else → null. */
export function parseHeure(text: string): number | null {
  return parseSlaHeure(text, true);
}

/** 510 → "08:30"; 1440 → "24:00". */
export function formatHeure(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export interface PlageIssue {
  /** Index of the offending plage in the list. */
  index: number;
  message: string;
}

/**
 * The first problem of a list of intervals, with the index of the interval to point at: a malformed, inverted or
 * empty one, else the later of two of the same day that overlap (touching ends, 12:00–14:00 then 14:00–18:00, are
 * allowed). Null when the list is sound.
 */
export function plagesIssue(plages: readonly Plage[]): PlageIssue | null {
  for (const [index, plage] of plages.entries()) {
    const [message] = validatePlages([plage]);
    if (message) return { index, message };
  }
  for (let n = 2; n <= plages.length; n++) {
    const [message] = validatePlages(plages.slice(0, n));
    if (message) return { index: n - 1, message };
  }
  return null;
}

/** Sorted by day then start, as the API answers them. */
export function sortPlages<T extends Plage>(plages: readonly T[]): T[] {
  return [...plages].sort((a, b) => a.jour - b.jour || (parseHeure(a.debut) ?? 0) - (parseHeure(b.debut) ?? 0));
}
