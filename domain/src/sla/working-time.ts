import { parseHeure } from './calendar-validation.ts';
import { casablancaOffsetMs } from './casablanca-offset.ts';

/**
 * Working-time arithmetic on business calendars, for the contracts' guaranteed times (GTI / GTR, issue 31). Pure:
 * no I/O, usable by the server and the web (the server, whose Node ICU is the reference tz data, owns the stored
 * deadlines).
 *
 * A calendar is read in Africa/Casablanca local time, whose offset moves (UTC+1, UTC+0 during Ramadan): an instant is
 * working time when its Casablanca wall clock falls in one of the day's intervals. On the night the clocks go back,
 * an interval covering the repeated hour counts it twice (it is worked twice); on the night they go forward, the
 * skipped hour does not exist and counts nothing.
 *
 * Which intervals a local date has:
 * - an exception `{date, ouvert: false}` closes the date, whatever its weekday;
 * - an exception `{date, ouvert: true}` opens it even on a public holiday or a weekend, with the intervals of its
 *   weekday; when that weekday has none (a weekend), with those of the first day of the week that has some (lundi,
 *   then mardi, …); when the calendar has no interval at all, the date stays closed;
 * - otherwise a public holiday (`holidays`, the company's dated list, or `annualHolidays`, its yearly 'MM-DD' days)
 *   is closed;
 * - otherwise the date has the intervals of its weekday.
 * Overlapping intervals of a day are merged (the API refuses them anyway, see `validatePlages`).
 *
 * Pauses (statuses that put the clock to sleep): paused time never counts. A pause with `to: null` is still open:
 * it lasts until further notice.
 *
 * - `workingMinutesBetween(cal, from, to, pauses?)`: working minutes in [from, to) outside the pauses (0 when
 *   to ≤ from); fractional when the bounds are not whole minutes.
 * - `addWorkingMinutes(cal, start, minutes, pauses?)`: the deadline, i.e. the first instant at which `minutes`
 *   working minutes outside the pauses have elapsed since `start` (a start outside hours counts from the next
 *   opening; paused working time pushes the deadline by exactly that working time; a deadline met exactly at the
 *   end of an interval is that end, not the next opening). `minutes = 0` gives `start`. Null when the deadline is
 *   unknown: an open pause began before it was reached (the clock sleeps until further notice), or the calendar
 *   gives too little working time within `SEARCH_HORIZON_DAYS` of `start` (e.g. no interval at all).
 *   Negative or non-finite minutes throw a RangeError.
 * - `nextWorkingInstant(cal, at)`: `at` itself when it is working time, else the next opening; null when none
 *   within `SEARCH_HORIZON_DAYS`. Pauses are not considered.
 *
 * Cost: the search walks day by day over intervals (one `Intl` offset look-up per day), never minute by minute.
 */

/** 1 = lundi … 7 = dimanche; `debut` / `fin` 'HH:MM' in Casablanca local time, `fin` may be '24:00'. */
export interface WeeklyInterval {
  jour: number;
  debut: string;
  fin: string;
}

/** A date ('YYYY-MM-DD', Casablanca) opened or closed against the weekly intervals and the public holidays. */
export interface CalendarException {
  date: string;
  ouvert: boolean;
}

export interface BusinessCalendar {
  plages: readonly WeeklyInterval[];
  exceptions: readonly CalendarException[];
  /** The company's public holidays, 'YYYY-MM-DD'. */
  holidays: readonly string[];
  /**
   * The company's yearly holidays, 'MM-DD' (1 January, 1 May, 30 July…: the `holidays` table's `annuel` rows, stored
   * in year 2000), closed every year; optional so that a caller may expand them into `holidays` instead.
   */
  annualHolidays?: readonly string[];
}

/** A span during which the clock sleeps; `to: null` = still paused. */
export interface Pause {
  from: Date;
  to: Date | null;
}

/** How far ahead (calendar days) a deadline or an opening is searched before answering null. */
export const SEARCH_HORIZON_DAYS = 5 * 366;

const MINUTE = 60_000;
const DAY = 86_400_000;

type Span = readonly [number, number];

interface CompiledCalendar {
  byWeekday: Span[][]; // index 1..7, minutes of the day, sorted and merged
  fallback: Span[]; // the intervals an open exception gives a weekday without any
  exceptions: Map<string, boolean>;
  holidays: Set<string>;
  annualHolidays: Set<string>;
}

function compile(cal: BusinessCalendar): CompiledCalendar {
  const byWeekday: Span[][] = Array.from({ length: 8 }, () => []);
  for (const p of cal.plages) {
    const debut = parseHeure(p.debut, false);
    const fin = parseHeure(p.fin, true);
    if (!Number.isInteger(p.jour) || p.jour < 1 || p.jour > 7 || debut === null || fin === null || fin <= debut) {
      continue; // refused by validatePlages; ignored here rather than guessed
    }
    byWeekday[p.jour]?.push([debut, fin]);
  }
  for (let j = 1; j <= 7; j++) byWeekday[j] = merge(byWeekday[j] ?? []);
  const fallback = byWeekday.slice(1).find((day) => day.length > 0) ?? [];
  return {
    byWeekday,
    fallback,
    exceptions: new Map(cal.exceptions.map((e) => [e.date, e.ouvert])),
    holidays: new Set(cal.holidays),
    annualHolidays: new Set(cal.annualHolidays ?? []),
  };
}

/** Sorted, merged copy of possibly overlapping spans. */
function merge(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** The intervals (minutes of the day) of the local date whose midnight is `dayWallMs` (wall clock read as UTC). */
function intervalsOf(c: CompiledCalendar, dayWallMs: number): Span[] {
  const d = new Date(dayWallMs);
  const date = d.toISOString().slice(0, 10);
  const weekday = ((d.getUTCDay() + 6) % 7) + 1;
  const own = c.byWeekday[weekday] ?? [];
  const exception = c.exceptions.get(date);
  if (exception === false) return [];
  if (exception === true) return own.length > 0 ? own : c.fallback;
  return c.holidays.has(date) || c.annualHolidays.has(date.slice(5)) ? [] : own;
}

/** First instant in (lo, hi] whose offset is not `offsetLo` (the offset at lo), by bisection. */
function transitionAfter(lo: number, hi: number, offsetLo: number): number {
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (casablancaOffsetMs(mid) === offsetLo) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The working spans [s, e) (epoch ms) within [fromMs, untilMs), in order. Walks UTC day by day, each day cut where
 * the offset changes, and maps the local days' intervals back through the offset of each piece.
 */
function* workingSpans(c: CompiledCalendar, fromMs: number, untilMs: number): Generator<Span> {
  if (c.byWeekday.every((day) => day.length === 0)) return;
  let a = fromMs;
  let offsetA = casablancaOffsetMs(a);
  while (a < untilMs) {
    let b = Math.min(a + DAY, untilMs);
    let offsetB = casablancaOffsetMs(b);
    if (offsetB !== offsetA) {
      b = transitionAfter(a, b, offsetA);
      offsetB = casablancaOffsetMs(b);
    }
    const wallFrom = a + offsetA;
    const wallTo = b + offsetA;
    for (let day = Math.floor(wallFrom / DAY) * DAY; day < wallTo; day += DAY) {
      for (const [debut, fin] of intervalsOf(c, day)) {
        const s = Math.max(day + debut * MINUTE, wallFrom);
        const e = Math.min(day + fin * MINUTE, wallTo);
        if (s < e) yield [s - offsetA, e - offsetA];
      }
    }
    a = b;
    offsetA = offsetB;
  }
}

/** The pauses as sorted, merged spans [s, e) (open pause: e = Infinity). */
function pauseSpans(pauses: readonly Pause[]): Span[] {
  return merge(
    pauses
      .map((p): [number, number] => [
        timeOf(p.from, 'pause.from'),
        p.to === null ? Number.POSITIVE_INFINITY : timeOf(p.to, 'pause.to'),
      ])
      .filter(([s, e]) => s < e),
  );
}

/** The working spans outside the pauses, in order. */
function* unpausedSpans(c: CompiledCalendar, fromMs: number, untilMs: number, pauses: Span[]): Generator<Span> {
  let i = 0;
  for (const [spanStart, spanEnd] of workingSpans(c, fromMs, untilMs)) {
    let s = spanStart;
    while (i < pauses.length && (pauses[i] as Span)[1] <= s) i++;
    if (i < pauses.length && (pauses[i] as Span)[1] === Number.POSITIVE_INFINITY && (pauses[i] as Span)[0] <= s) {
      return; // an open pause: nothing counts any more
    }
    for (let j = i; j < pauses.length && s < spanEnd; j++) {
      const [ps, pe] = pauses[j] as Span;
      if (ps >= spanEnd) break;
      if (ps > s) yield [s, ps];
      s = Math.max(s, pe);
    }
    if (s < spanEnd) yield [s, spanEnd];
  }
}

function timeOf(d: Date, name: string): number {
  const t = d.getTime();
  if (Number.isNaN(t)) throw new RangeError(`${name} n’est pas une date valide`);
  return t;
}

export function workingMinutesBetween(
  cal: BusinessCalendar,
  from: Date,
  to: Date,
  pauses: readonly Pause[] = [],
): number {
  const fromMs = timeOf(from, 'from');
  const toMs = timeOf(to, 'to');
  let total = 0;
  for (const [s, e] of unpausedSpans(compile(cal), fromMs, toMs, pauseSpans(pauses))) total += e - s;
  return total / MINUTE;
}

export function addWorkingMinutes(
  cal: BusinessCalendar,
  start: Date,
  minutes: number,
  pauses: readonly Pause[] = [],
): Date | null {
  if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError(`minutes invalides : ${minutes}`);
  const startMs = timeOf(start, 'start');
  if (minutes === 0) return new Date(startMs);
  let remaining = minutes * MINUTE;
  for (const [s, e] of unpausedSpans(compile(cal), startMs, startMs + SEARCH_HORIZON_DAYS * DAY, pauseSpans(pauses))) {
    if (e - s >= remaining) return new Date(s + remaining);
    remaining -= e - s;
  }
  return null;
}

export function nextWorkingInstant(cal: BusinessCalendar, at: Date): Date | null {
  const atMs = timeOf(at, 'at');
  for (const [s] of workingSpans(compile(cal), atMs, atMs + SEARCH_HORIZON_DAYS * DAY)) return new Date(s);
  return null;
}
