import { PLANNING_TIME_ZONE, type PlannedWallClock, wallClockText } from './schedule-schemas.ts';

/**
 * Instants ↔ Casablanca's wall clock, for the SERVER only (issue 30 item 3). Which offset Morocco has on a given day
 * (UTC+1, UTC+0 during Ramadan) comes from the time-zone data of whoever converts; browsers disagree (Debian's
 * Chromium put 2026-11-30 at UTC+0, so 09:00 came back as 08:00 and every save moved the time). So one owner does
 * every conversion: the server, with Node's ICU (full-icu in Node 20). The API gives the web the wall clock
 * (`plannedWallClock`) and takes it back (`date` without a zone); the web never converts, and
 * `web/src/architecture.test.ts` keeps it from importing this module.
 */

// Built on first use, not when the module loads: issue 30 item 10 (a page's first Intl object loads ICU's data).
let formatterCache: Intl.DateTimeFormat | undefined;
const formatter = () =>
  (formatterCache ??= new Intl.DateTimeFormat('en-US', {
    timeZone: PLANNING_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

function partsAt(ms: number) {
  const p: Record<string, string> = {};
  for (const x of formatter().formatToParts(new Date(ms))) p[x.type] = x.value;
  const at = (k: string) => p[k] ?? '00';
  return { y: at('year'), mo: at('month'), d: at('day'), h: at('hour'), mi: at('minute'), s: at('second') };
}

/** Casablanca's offset from UTC at `ms`, in milliseconds. */
function offsetAt(ms: number): number {
  const p = partsAt(ms);
  const wall = Date.UTC(+p.y, +p.mo - 1, +p.d, +p.h, +p.mi, +p.s);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** Casablanca's wall clock at `instant`. */
export function wallClockOf(instant: string | Date): PlannedWallClock {
  const p = partsAt(new Date(instant).getTime());
  return { date: `${p.y}-${p.mo}-${p.d}`, time: `${p.h}:${p.mi}`, zone: PLANNING_TIME_ZONE };
}

/** The wall clock of a stored planned time, null when not planned (the API's `plannedWallClock`). */
export function wallClockOrNull(instant: string | Date | null | undefined): PlannedWallClock | null {
  if (instant === null || instant === undefined || instant === '') return null;
  const d = new Date(instant);
  return Number.isNaN(d.getTime()) ? null : wallClockOf(d);
}

const DAY_MS = 86_400_000;

/**
 * The instant of Casablanca's wall clock `date` ('2026-11-30') at `time` ('09:00' or '09:00:30'). A time that
 * occurs twice (clocks set back for Ramadan) is the later one, a time that does not occur (clocks set forward)
 * is read with the offset before the change — PostgreSQL's rules for `timestamp AT TIME ZONE`.
 */
export function instantOfWallClock(date: string, time: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number | undefined];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s ?? 0);
  const before = offsetAt(wall - DAY_MS);
  const after = offsetAt(wall + DAY_MS);
  const fits = (offset: number) => offsetAt(wall - offset) === offset;
  if (fits(after)) return new Date(wall - after);
  if (fits(before)) return new Date(wall - before);
  return new Date(wall - before);
}

/** The first instant of a Casablanca day (the list's planned_from bound). */
export function dayStartInstant(date: string): Date {
  return instantOfWallClock(date, '00:00');
}

/** The first instant of the Casablanca day after `date` (the list's planned_to bound, exclusive). */
export function nextDayStartInstant(date: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return dayStartInstant(new Date(Date.UTC(y, mo - 1, d + 1)).toISOString().slice(0, 10));
}

/**
 * The exclusive upper bound of a Casablanca day as SQL reads it (`< bound::timestamptz`): the next day's first
 * instant, or 'infinity' after 9999-12-31 (an ISO text of year 10000, "+010000-…", is refused by PostgreSQL: the
 * fuzz pass found a 500 with to=9999-12-31).
 */
export function nextDayStartBound(date: string): string {
  return date >= '9999-12-31' ? 'infinity' : nextDayStartInstant(date).toISOString();
}

/** '15/12/2026 à 08:30' (Casablanca) of an instant; '-' when not planned (the server's history notes). */
export function formatPlannedAt(instant: string | Date | null | undefined): string {
  const w = wallClockOrNull(instant);
  return w ? wallClockText(w) : '-';
}
