import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingMinutes,
  type BusinessCalendar,
  nextWorkingInstant,
  type Pause,
  type WeeklyInterval,
  workingMinutesBetween,
} from '../src/sla/working-time.ts';

/**
 * The working-time arithmetic against a brute-force oracle that looks at every minute: a minute is working time when
 * its Casablanca wall clock (read from Intl, independently of the code under test) falls in one of its date's
 * intervals, and counts when no pause covers it. Starts land around the four Ramadan offset changes of 2026 and 2027
 * and in an ordinary month; spans reach three weeks.
 */

const MINUTE = 60_000;
const DAY_MIN = 1440;
const WINDOW_MIN = 22 * DAY_MIN;

const localParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Africa/Casablanca',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const hourCache = new Map<number, { date: string; weekday: number; minuteOfDay: number }>();
/** Casablanca's date, weekday (1 = lundi) and minute of the day at the start of UTC hour `hour` (offsets change on whole hours). */
function localAtHour(hour: number) {
  let hit = hourCache.get(hour);
  if (!hit) {
    const p: Record<string, string> = {};
    for (const x of localParts.formatToParts(new Date(hour * 3_600_000))) p[x.type] = x.value;
    const date = `${p.year}-${p.month}-${p.day}`;
    const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    hit = { date, weekday, minuteOfDay: Number(p.hour) * 60 + Number(p.minute) };
    hourCache.set(hour, hit);
  }
  return hit;
}

const toMin = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

function oracleIntervals(cal: BusinessCalendar, date: string, weekday: number): WeeklyInterval[] {
  const own = cal.plages.filter((p) => p.jour === weekday);
  const exception = cal.exceptions.find((e) => e.date === date);
  if (exception?.ouvert === false) return [];
  if (exception?.ouvert === true) {
    if (own.length > 0) return own;
    for (let j = 1; j <= 7; j++) {
      const other = cal.plages.filter((p) => p.jour === j);
      if (other.length > 0) return other;
    }
    return [];
  }
  return cal.holidays.includes(date) || (cal.annualHolidays ?? []).includes(date.slice(5)) ? [] : own;
}

/** For each minute of [startMs, startMs + WINDOW_MIN): is it working time, and does it count (not paused)? */
function oracle(cal: BusinessCalendar, startMs: number, pauses: Pause[]) {
  const working: boolean[] = [];
  const counts: boolean[] = [];
  const byDate = new Map<string, [number, number][]>();
  for (let i = 0; i < WINDOW_MIN; i++) {
    const t = startMs + i * MINUTE;
    const hour = Math.floor(t / 3_600_000);
    const { date, weekday, minuteOfDay } = localAtHour(hour);
    const m = minuteOfDay + (t - hour * 3_600_000) / MINUTE;
    let intervals = byDate.get(date);
    if (!intervals) {
      intervals = oracleIntervals(cal, date, weekday).map((p): [number, number] => [toMin(p.debut), toMin(p.fin)]);
      byDate.set(date, intervals);
    }
    const w = intervals.some(([debut, fin]) => debut <= m && m < fin);
    const paused = pauses.some((p) => p.from.getTime() <= t && (p.to === null || t < p.to.getTime()));
    working.push(w);
    counts.push(w && !paused);
  }
  return { working, counts };
}

const hhmm = (m: number) =>
  m === DAY_MIN ? '24:00' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** 0 to 3 non-overlapping intervals of a day (split shifts), from sorted distinct boundaries. */
const dayPlages = (jour: number) =>
  fc.uniqueArray(fc.integer({ min: 0, max: DAY_MIN }), { maxLength: 6 }).map((bounds) => {
    const sorted = [...bounds].sort((a, b) => a - b);
    const out: WeeklyInterval[] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) {
      out.push({ jour, debut: hhmm(sorted[i] as number), fin: hhmm(sorted[i + 1] as number) });
    }
    return out;
  });
const weekPlages = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(...[1, 2, 3, 4, 5, 6, 7].map(dayPlages)).map((days) => days.flat()) },
  { weight: 1, arbitrary: fc.constant([1, 2, 3, 4, 5, 6, 7].map((jour) => ({ jour, debut: '00:00', fin: '24:00' }))) },
);

// Casablanca midnights a week before each Ramadan change, and an ordinary month.
const ANCHORS = [
  '2026-02-08T00:00:00+01:00',
  '2026-03-15T00:00:00Z',
  '2027-01-31T00:00:00+01:00',
  '2027-03-07T00:00:00Z',
  '2026-11-16T00:00:00+01:00',
].map(Date.parse);
const dateAfter = (anchor: number, days: number) =>
  new Date(anchor + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

const scenario = fc
  .record({
    anchor: fc.constantFrom(...ANCHORS),
    plages: weekPlages,
    holidayDays: fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 6 }),
    annualDays: fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 3 }),
    exceptionDays: fc.uniqueArray(fc.record({ day: fc.integer({ min: 0, max: 40 }), ouvert: fc.boolean() }), {
      maxLength: 5,
      selector: (e) => e.day,
    }),
    startMin: fc.integer({ min: 0, max: 14 * DAY_MIN }),
    spanMin: fc.integer({ min: 0, max: 21 * DAY_MIN }),
    minutes: fc.integer({ min: 1, max: 9000 }),
    pauses: fc.array(
      fc.record({
        fromMin: fc.integer({ min: -2 * DAY_MIN, max: 21 * DAY_MIN }),
        lengthMin: fc.option(fc.integer({ min: 1, max: 4 * DAY_MIN }), { freq: 6 }),
      }),
      { maxLength: 3 },
    ),
  })
  .map((s) => {
    const startMs = s.anchor + s.startMin * MINUTE;
    const cal: BusinessCalendar = {
      plages: s.plages,
      holidays: s.holidayDays.map((d) => dateAfter(s.anchor, d)),
      annualHolidays: s.annualDays.map((d) => dateAfter(s.anchor, d).slice(5)),
      exceptions: s.exceptionDays.map((e) => ({ date: dateAfter(s.anchor, e.day), ouvert: e.ouvert })),
    };
    const pauses: Pause[] = s.pauses.map((p) => ({
      from: new Date(startMs + p.fromMin * MINUTE),
      to: p.lengthMin === null ? null : new Date(startMs + (p.fromMin + p.lengthMin) * MINUTE),
    }));
    return { cal, startMs, spanMin: s.spanMin, minutes: s.minutes, pauses };
  });

describe('working time against a minute-by-minute oracle (fast-check)', () => {
  it('workingMinutesBetween, addWorkingMinutes and nextWorkingInstant agree with the oracle', () => {
    fc.assert(
      fc.property(scenario, ({ cal, startMs, spanMin, minutes, pauses }) => {
        const { working, counts } = oracle(cal, startMs, pauses);
        const start = new Date(startMs);
        const windowEnd = startMs + WINDOW_MIN * MINUTE;

        // Minutes between, with and without pauses.
        const counted = counts.slice(0, spanMin).filter(Boolean).length;
        const worked = working.slice(0, spanMin).filter(Boolean).length;
        const to = new Date(startMs + spanMin * MINUTE);
        expect(workingMinutesBetween(cal, start, to, pauses)).toBe(counted);
        expect(workingMinutesBetween(cal, start, to)).toBe(worked);

        // Deadline: the end of the minute in which the `minutes`-th counted minute falls.
        let seen = 0;
        let expected: number | null = null;
        for (let i = 0; i < WINDOW_MIN && expected === null; i++) {
          if (counts[i] && ++seen === minutes) expected = startMs + (i + 1) * MINUTE;
        }
        const deadline = addWorkingMinutes(cal, start, minutes, pauses);
        if (expected !== null) {
          expect(deadline?.getTime()).toBe(expected);
          expect(workingMinutesBetween(cal, start, deadline as Date, pauses)).toBe(minutes);
        } else if (deadline !== null) {
          expect(deadline.getTime()).toBeGreaterThan(windowEnd);
          expect(pauses.some((p) => p.to === null && p.from.getTime() < windowEnd)).toBe(false);
        }

        // Next opening.
        const first = working.indexOf(true);
        const next = nextWorkingInstant(cal, start);
        if (first >= 0) expect(next?.getTime()).toBe(startMs + first * MINUTE);
        else if (next !== null) expect(next.getTime()).toBeGreaterThanOrEqual(windowEnd);
      }),
      { numRuns: 200 },
    );
  }, 30_000); // ~2 s alone; the margin is for a loaded machine
});
