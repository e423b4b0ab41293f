import { describe, expect, it } from 'vitest';
import { BULK_MESSAGES, bulkUpdateSchema } from '../src/interventions/bulk-schemas.ts';
import {
  formatPlannedAt,
  instantOfWallClock,
  nextDayStartInstant,
  wallClockOf,
} from '../src/interventions/planning-clock.ts';
import {
  formatDureePrevue,
  formatWallClock,
  parseDureeText,
  plannedAtHasZone,
  planningToday,
  scheduleBodyOf,
  scheduleFormSchema,
  scheduleInputSchema,
} from '../src/interventions/schedule-schemas.ts';

describe('schedule', () => {
  it('accepts a Casablanca wall-clock time or an ISO time with a zone, and real calendar times only', () => {
    for (const date of [
      '2026-12-15T08:30',
      '2026-12-15T08:30:05',
      '2026-12-15T07:30:00.000Z',
      '2026-12-15T08:30+01:00',
    ]) {
      expect(scheduleInputSchema.safeParse({ date }).success, date).toBe(true);
    }
    for (const date of ['2026-12-15', '2026-02-29T08:00', '2026-12-15T24:00', '2026-12-15T08:60', '2100-01-01T00:00']) {
      expect(scheduleInputSchema.safeParse({ date }).success, date).toBe(false);
    }
    expect(scheduleInputSchema.parse({ date: '2028-02-29T08:00' })).toEqual({ date: '2028-02-29T08:00', duree: null });
    expect(plannedAtHasZone('2026-12-15T08:30')).toBe(false);
    expect(plannedAtHasZone('2026-12-15T08:30Z')).toBe(true);
    expect(plannedAtHasZone('2026-12-15T08:30-05:00')).toBe(true);
  });

  it('shows instants on Casablanca’s clock (UTC+1, UTC+0 during Ramadan), whatever the machine’s zone', () => {
    expect(formatPlannedAt('2026-12-15T07:30:00.000Z')).toBe('15/12/2026 à 08:30');
    expect(formatPlannedAt('2026-03-01T10:00:00.000Z')).toBe('01/03/2026 à 10:00');
    expect(formatPlannedAt(null)).toBe('-');
    expect(wallClockOf('2026-12-15T23:30:00.000Z')).toEqual({
      date: '2026-12-16',
      time: '00:30',
      zone: 'Africa/Casablanca',
    });
    expect(formatWallClock({ date: '2026-11-30', time: '09:00' })).toBe('30/11/2026 à 09:00');
    expect(formatWallClock(null)).toBe('-');
  });

  it('turns Casablanca’s wall clock into the instant on the server, as PostgreSQL did (gap and repeat included)', () => {
    expect(instantOfWallClock('2026-11-30', '09:00').toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(instantOfWallClock('2026-03-01', '10:00').toISOString()).toBe('2026-03-01T10:00:00.000Z');
    // 15 Feb 2026, 03:00 → 02:00 (Ramadan): 02:30 happens twice, the later one is kept (PostgreSQL's rule).
    expect(instantOfWallClock('2026-02-15', '02:30').toISOString()).toBe('2026-02-15T02:30:00.000Z');
    // 22 Mar 2026, 02:00 → 03:00: 02:30 never happens; read with the offset before the change (UTC+0).
    expect(instantOfWallClock('2026-03-22', '02:30').toISOString()).toBe('2026-03-22T02:30:00.000Z');
    expect(nextDayStartInstant('2026-12-31').toISOString()).toBe('2026-12-31T23:00:00.000Z');
    for (const [date, time] of [
      ['2026-11-30', '09:00'],
      ['2026-02-15', '01:59'],
      ['2026-03-22', '03:00'],
      ['2026-07-01', '00:00'],
    ] as const) {
      expect(wallClockOf(instantOfWallClock(date, time)), `${date} ${time}`).toMatchObject({ date, time });
    }
  });

  it('says which day it is in Casablanca: at 23:30 UTC already the next day (a meter reading’s day)', () => {
    expect(planningToday(new Date('2026-11-26T23:30:00.000Z'))).toBe('2026-11-27');
    expect(planningToday(new Date('2026-11-26T22:59:00.000Z'))).toBe('2026-11-26');
  });

  it('reads the form’s duration in hours or hours and minutes, and formats minutes back', () => {
    expect(['', '2', '1,5', '0.75', '1h30', '1 h', '0:45', '2H05'].map(parseDureeText)).toEqual([
      null,
      120,
      90,
      45,
      90,
      60,
      45,
      125,
    ]);
    expect(['abc', '0', '1h75', '-2', '721'].map(parseDureeText)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect([45, 60, 90, 125, null].map(formatDureePrevue)).toEqual(['45 min', '1 h', '1 h 30', '2 h 05', null]);
    const values = scheduleFormSchema.parse({ date: '2026-12-15', time: '08:30', duree: '1,5' });
    expect(scheduleBodyOf(values)).toEqual({ date: '2026-12-15T08:30', duree: 90 });
  });
});

describe('bulk edit body', () => {
  it('allows urgence, date, technicianId and statut only, and at least one of them', () => {
    const ok = bulkUpdateSchema.parse({ ids: [3, 1, 3], data: { urgence: true, technicianId: null } });
    expect(ok).toEqual({ ids: [3, 1], data: { urgence: true, technicianId: null } });
    const unknown = bulkUpdateSchema.safeParse({ ids: [1], data: { urgence: true, description: 'x' } });
    expect(unknown.error?.issues.map((i) => i.message)).toEqual([BULK_MESSAGES.fieldNotAllowed(['description'])]);
    const empty = bulkUpdateSchema.safeParse({ ids: [1], data: {} });
    expect(empty.error?.issues.map((i) => i.message)).toEqual([BULK_MESSAGES.nothingToChange]);
  });
});
