import { describe, expect, it } from 'vitest';
import { casablancaOffsetMs } from '../src/sla/casablanca-offset.ts';
import {
  addWorkingMinutes,
  type BusinessCalendar,
  nextWorkingInstant,
  type WeeklyInterval,
  workingMinutesBetween,
} from '../src/sla/working-time.ts';

const plages = (jours: number[], debut: string, fin: string): WeeklyInterval[] =>
  jours.map((jour) => ({ jour, debut, fin }));
const WEEK = [1, 2, 3, 4, 5];
/** "Heures ouvrées 8h-12h / 14h-18h lun-ven". */
const bureau: BusinessCalendar = {
  plages: [...plages(WEEK, '08:00', '12:00'), ...plages(WEEK, '14:00', '18:00')],
  exceptions: [],
  holidays: [],
};
/** "Astreinte 24/7". */
const astreinte: BusinessCalendar = {
  plages: plages([1, 2, 3, 4, 5, 6, 7], '00:00', '24:00'),
  exceptions: [],
  holidays: [],
};
const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('addWorkingMinutes (deadlines, Casablanca local time, UTC+1 outside Ramadan)', () => {
  it('an urgent intervention at 11:30 with a 60-minute GTI is due at 14:30, after the lunch break', () => {
    expect(iso(addWorkingMinutes(bureau, at('2026-11-30T11:30:00+01:00'), 60))).toBe('2026-11-30T13:30:00.000Z');
  });

  it('Friday 17:00 + 120 working minutes is Monday 09:00', () => {
    expect(iso(addWorkingMinutes(bureau, at('2026-11-27T17:00:00+01:00'), 120))).toBe('2026-11-30T08:00:00.000Z');
  });

  it('a deadline met exactly at the end of an interval is that end, not the next opening', () => {
    expect(iso(addWorkingMinutes(bureau, at('2026-11-30T11:30:00+01:00'), 30))).toBe('2026-11-30T11:00:00.000Z');
  });

  it('a start outside hours counts from the next opening', () => {
    expect(iso(addWorkingMinutes(bureau, at('2026-11-28T10:00:00+01:00'), 30))).toBe('2026-11-30T07:30:00.000Z');
    expect(iso(addWorkingMinutes(bureau, at('2026-11-30T12:45:00+01:00'), 30))).toBe('2026-11-30T13:30:00.000Z');
  });

  it('a public holiday is skipped (Friday 1 May 2026)', () => {
    const cal = { ...bureau, holidays: ['2026-05-01'] };
    expect(iso(addWorkingMinutes(cal, at('2026-04-30T17:00:00+01:00'), 120))).toBe('2026-05-04T08:00:00.000Z');
  });

  it('a yearly holiday (MM-DD) closes that day every year', () => {
    const cal = { ...bureau, annualHolidays: ['05-01'] };
    expect(iso(addWorkingMinutes(cal, at('2026-04-30T17:00:00+01:00'), 120))).toBe('2026-05-04T08:00:00.000Z');
    // 1 May 2028 is a Monday.
    expect(iso(addWorkingMinutes(cal, at('2028-04-28T17:00:00+01:00'), 120))).toBe('2028-05-02T08:00:00.000Z');
  });

  it('an open exception opens a holiday with its weekday’s intervals', () => {
    const cal = { ...bureau, holidays: ['2026-05-01'], exceptions: [{ date: '2026-05-01', ouvert: true }] };
    expect(iso(addWorkingMinutes(cal, at('2026-04-30T17:00:00+01:00'), 120))).toBe('2026-05-01T08:00:00.000Z');
  });

  it('an open exception on a weekend day without intervals takes those of the first day that has some (Monday)', () => {
    const cal: BusinessCalendar = {
      plages: [...plages([1], '10:00', '11:00'), ...plages([2, 3, 4, 5], '08:00', '18:00')],
      exceptions: [{ date: '2026-11-28', ouvert: true }],
      holidays: [],
    };
    // Friday 17:00–18:00 (60), Saturday 28 opened with Monday's 10:00–11:00 (60).
    expect(iso(addWorkingMinutes(cal, at('2026-11-27T17:00:00+01:00'), 120))).toBe('2026-11-28T10:00:00.000Z');
    expect(workingMinutesBetween(cal, at('2026-11-28T00:00:00+01:00'), at('2026-11-29T00:00:00+01:00'))).toBe(60);
  });

  it('a closed exception closes a normally open day (Tuesday 1 December 2026)', () => {
    const cal = { ...bureau, exceptions: [{ date: '2026-12-01', ouvert: false }] };
    expect(iso(addWorkingMinutes(cal, at('2026-11-30T17:00:00+01:00'), 120))).toBe('2026-12-02T08:00:00.000Z');
  });

  it('a 24/7 calendar counts every minute, nights and weekends', () => {
    expect(iso(addWorkingMinutes(astreinte, at('2026-11-28T23:30:00+01:00'), 60))).toBe('2026-11-28T23:30:00.000Z');
    expect(workingMinutesBetween(astreinte, at('2026-11-23T00:00:00Z'), at('2026-11-30T00:00:00Z'))).toBe(7 * 1440);
  });

  it('paused working time pushes the deadline by exactly that working time; a pause over the lunch break costs nothing', () => {
    const start = at('2026-11-30T11:30:00+01:00');
    const pause = (from: string, to: string | null) => ({ from: at(from), to: to === null ? null : at(to) });
    expect(
      iso(addWorkingMinutes(bureau, start, 60, [pause('2026-11-30T11:40:00+01:00', '2026-11-30T11:50:00+01:00')])),
    ).toBe('2026-11-30T13:40:00.000Z');
    expect(
      iso(addWorkingMinutes(bureau, start, 60, [pause('2026-11-30T12:00:00+01:00', '2026-11-30T14:00:00+01:00')])),
    ).toBe('2026-11-30T13:30:00.000Z');
    // Paused from 11:50 to 14:10: 10 working minutes before the break + 10 after → 14:30 + 20 min.
    expect(
      iso(addWorkingMinutes(bureau, start, 60, [pause('2026-11-30T11:50:00+01:00', '2026-11-30T14:10:00+01:00')])),
    ).toBe('2026-11-30T13:50:00.000Z');
  });

  it('an open pause begun before the deadline makes it unknown (null); begun after, it changes nothing', () => {
    const start = at('2026-11-30T11:30:00+01:00');
    expect(addWorkingMinutes(bureau, start, 60, [{ from: at('2026-11-30T11:45:00+01:00'), to: null }])).toBeNull();
    expect(iso(addWorkingMinutes(bureau, start, 60, [{ from: at('2026-11-30T15:00:00+01:00'), to: null }]))).toBe(
      '2026-11-30T13:30:00.000Z',
    );
    expect(
      workingMinutesBetween(bureau, start, at('2026-12-04T00:00:00Z'), [
        { from: at('2026-11-30T11:45:00+01:00'), to: null },
      ]),
    ).toBe(15);
  });

  it('a calendar without working time gives null, at once, instead of searching forever', () => {
    const empty: BusinessCalendar = { plages: [], exceptions: [{ date: '2026-12-05', ouvert: true }], holidays: [] };
    expect(addWorkingMinutes(empty, at('2026-11-30T08:00:00Z'), 60)).toBeNull();
    expect(nextWorkingInstant(empty, at('2026-11-30T08:00:00Z'))).toBeNull();
  });

  it('no working minutes in an empty or reversed span', () => {
    expect(workingMinutesBetween(bureau, at('2026-11-30T10:00:00Z'), at('2026-11-30T10:00:00Z'))).toBe(0);
    expect(workingMinutesBetween(bureau, at('2026-11-30T10:00:00Z'), at('2026-11-30T09:00:00Z'))).toBe(0);
  });

  it('zero minutes is the start itself; negative minutes are refused', () => {
    expect(iso(addWorkingMinutes(bureau, at('2026-11-28T10:00:00Z'), 0))).toBe('2026-11-28T10:00:00.000Z');
    expect(() => addWorkingMinutes(bureau, at('2026-11-28T10:00:00Z'), -5)).toThrow(RangeError);
  });
});

describe('nextWorkingInstant', () => {
  it('an instant inside hours is itself; outside, the next opening; an interval’s end is outside', () => {
    expect(iso(nextWorkingInstant(bureau, at('2026-11-30T10:00:00+01:00')))).toBe('2026-11-30T09:00:00.000Z');
    expect(iso(nextWorkingInstant(bureau, at('2026-11-30T12:30:00+01:00')))).toBe('2026-11-30T13:00:00.000Z');
    expect(iso(nextWorkingInstant(bureau, at('2026-11-30T18:00:00+01:00')))).toBe('2026-12-01T07:00:00.000Z');
    expect(iso(nextWorkingInstant(bureau, at('2026-11-28T10:00:00+01:00')))).toBe('2026-11-30T07:00:00.000Z');
  });
});

describe('Ramadan: Casablanca at UTC+0, so 08:00 is another UTC instant (Node’s ICU tz data)', () => {
  it('the offset changes checked: 2026-02-15 and 2026-03-22, 2027-02-07 and 2027-03-14, at 02:00 UTC', () => {
    const offsetH = (s: string) => casablancaOffsetMs(Date.parse(s)) / 3_600_000;
    expect([offsetH('2026-02-15T01:59:59Z'), offsetH('2026-02-15T02:00:00Z')]).toEqual([1, 0]);
    expect([offsetH('2026-03-22T01:59:59Z'), offsetH('2026-03-22T02:00:00Z')]).toEqual([0, 1]);
    expect([offsetH('2027-02-07T01:59:59Z'), offsetH('2027-02-07T02:00:00Z')]).toEqual([1, 0]);
    expect([offsetH('2027-03-14T01:59:59Z'), offsetH('2027-03-14T02:00:00Z')]).toEqual([0, 1]);
  });

  it('Monday 08:00 opens at 07:00 UTC before and after Ramadan, at 08:00 UTC during it', () => {
    const saturday = (d: string) => iso(nextWorkingInstant(bureau, at(`${d}T12:00:00Z`)));
    expect(saturday('2026-02-07')).toBe('2026-02-09T07:00:00.000Z');
    expect(saturday('2026-02-14')).toBe('2026-02-16T08:00:00.000Z');
    expect(saturday('2026-03-21')).toBe('2026-03-23T07:00:00.000Z');
    expect(saturday('2027-01-30')).toBe('2027-02-01T07:00:00.000Z');
    expect(saturday('2027-02-06')).toBe('2027-02-08T08:00:00.000Z');
    expect(saturday('2027-03-13')).toBe('2027-03-15T07:00:00.000Z');
  });

  it('a deadline across each change lands on 09:00 local of the new offset', () => {
    // 2026: Friday 13 Feb 17:00 (UTC+1) + 120 → Monday 16 Feb 09:00 (UTC+0); Friday 20 Mar 17:00 (UTC+0) → Monday 23 Mar 09:00 (UTC+1).
    expect(iso(addWorkingMinutes(bureau, at('2026-02-13T16:00:00Z'), 120))).toBe('2026-02-16T09:00:00.000Z');
    expect(iso(addWorkingMinutes(bureau, at('2026-03-20T17:00:00Z'), 120))).toBe('2026-03-23T08:00:00.000Z');
    expect(iso(addWorkingMinutes(bureau, at('2027-02-05T16:00:00Z'), 120))).toBe('2027-02-08T09:00:00.000Z');
    expect(iso(addWorkingMinutes(bureau, at('2027-03-12T17:00:00Z'), 120))).toBe('2027-03-15T08:00:00.000Z');
  });

  it('on the nights of the change, a 24/7 day lasts 25 h then 23 h; the repeated hour counts twice, the skipped one not at all', () => {
    expect(workingMinutesBetween(astreinte, at('2026-02-14T23:00:00Z'), at('2026-02-16T00:00:00Z'))).toBe(25 * 60);
    expect(workingMinutesBetween(astreinte, at('2027-03-13T23:00:00Z'), at('2027-03-14T23:00:00Z'))).toBe(24 * 60);
    const nuit: BusinessCalendar = { plages: plages([7], '02:00', '03:00'), exceptions: [], holidays: [] };
    expect(workingMinutesBetween(nuit, at('2026-02-14T12:00:00Z'), at('2026-02-15T12:00:00Z'))).toBe(120);
    expect(workingMinutesBetween(nuit, at('2026-03-21T12:00:00Z'), at('2026-03-22T12:00:00Z'))).toBe(0);
    expect(workingMinutesBetween(nuit, at('2027-02-06T12:00:00Z'), at('2027-02-07T12:00:00Z'))).toBe(120);
    expect(workingMinutesBetween(nuit, at('2027-03-13T12:00:00Z'), at('2027-03-14T12:00:00Z'))).toBe(0);
  });
});
