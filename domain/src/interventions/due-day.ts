import { wallClockOf } from './planning-clock.ts';

/**
 * The day an intervention is due, on Casablanca's calendar (issue 30 item 5: the technician's "Aujourd'hui /
 * Demain / En retard"): the day of its planned time when it has one, else its date — a job dated but not planned
 * counts on its date. SERVER only, like planning-clock.ts: which day an instant falls on is decided by the server's
 * time-zone data, never the browser's. server/src/db/predicates.ts (dueOn, dueBefore) writes the same rules in SQL;
 * server/test/predicates.test.ts compares them row by row.
 */
export function dueDay(i: { date: string; plannedAt: string | Date | null }): string {
  return i.plannedAt === null ? i.date : wallClockOf(i.plannedAt).date;
}

export function isDueOn(i: { date: string; plannedAt: string | Date | null }, day: string): boolean {
  return dueDay(i) === day;
}

export function isDueBefore(i: { date: string; plannedAt: string | Date | null }, day: string): boolean {
  return dueDay(i) < day;
}

/** Today on Casablanca's calendar ('2026-11-28'), and the day after. */
export function casablancaToday(now: Date = new Date()): string {
  return wallClockOf(now).date;
}

export function dayAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
