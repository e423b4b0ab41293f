import { describe, expect, it } from 'vitest';
import { onTimePct, planInputSchema } from '../src/plans/plan-schemas.ts';
import { isValidRrule, nextWorkingDay, occurrences, ruleDates, skipChecker } from '../src/plans/recurrence.ts';

const dues = (
  rule: string,
  start: string,
  from: string,
  to: string,
  skips = [] as { jour: string; annuel: boolean }[],
) => occurrences(rule, start, from, to, skips).map((o) => o.due_date);

describe('recurrence expansion on calendar days (RFC 5545 via rrule)', () => {
  it('monthly on the last day gives every month end; BYMONTHDAY=31 keeps only 31-day months (RFC 5545)', () => {
    expect(dues('FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-01', '2026-01-01', '2026-06-30')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
    expect(dues('FREQ=MONTHLY;BYMONTHDAY=-1', '2028-01-15', '2028-02-01', '2028-02-29')).toEqual(['2028-02-29']);
    expect(dues('FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-01', '2026-01-01', '2026-06-30')).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
    ]);
  });

  it('yearly on Feb 29 happens in leap years only', () => {
    expect(dues('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2024-02-29', '2024-01-01', '2032-12-31')).toEqual([
      '2024-02-29',
      '2028-02-29',
      '2032-02-29',
    ]);
  });

  it('every first Monday of March and September', () => {
    expect(dues('FREQ=YEARLY;BYMONTH=3,9;BYDAY=1MO', '2026-01-01', '2026-01-01', '2027-12-31')).toEqual([
      '2026-03-02',
      '2026-09-07',
      '2027-03-01',
      '2027-09-06',
    ]);
  });

  it('starts at date_debut, accepts the RRULE: prefix, and is bounded by [from, to] inclusive', () => {
    expect(ruleDates('RRULE:FREQ=WEEKLY;BYDAY=MO', '2026-03-04', '2026-03-01', '2026-03-16')).toEqual([
      '2026-03-09',
      '2026-03-16',
    ]);
    expect(ruleDates('FREQ=DAILY;COUNT=3', '2026-03-30', '2026-01-01', '2026-12-31')).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
    ]);
    // Dates are days: the Casablanca DST change (2026-03-29 style shifts, Ramadan) cannot move one.
    expect(ruleDates('FREQ=DAILY', '2026-02-15', '2026-02-17', '2026-02-19')).toEqual([
      '2026-02-17',
      '2026-02-18',
      '2026-02-19',
    ]);
  });

  it('moves an occurrence on a skip date to the next working day (no weekend, no other skip date)', () => {
    const skips = [
      { jour: '2000-11-06', annuel: true }, // Marche Verte, every year
      { jour: '2000-11-18', annuel: true },
      { jour: '2026-03-20', annuel: false }, // Aïd al-Fitr 2026 (Friday)
      { jour: '2026-03-21', annuel: false },
    ];
    const isSkip = skipChecker(skips);
    expect(nextWorkingDay('2026-11-06', isSkip)).toBe('2026-11-09'); // Friday → Monday
    expect(nextWorkingDay('2026-03-20', isSkip)).toBe('2026-03-23'); // Fri + Sat holidays → Monday
    expect(nextWorkingDay('2026-11-10', isSkip)).toBe('2026-11-10');
    // Monthly on the 6th: November 6th moves, the others stay — rule_date keeps the rule's day.
    const o = occurrences('FREQ=MONTHLY;BYMONTHDAY=6', '2026-10-01', '2026-10-01', '2026-12-31', skips);
    expect(o).toEqual([
      { rule_date: '2026-10-06', due_date: '2026-10-06' },
      { rule_date: '2026-11-06', due_date: '2026-11-09' },
      { rule_date: '2026-12-06', due_date: '2026-12-06' },
    ]);
    // Rule dates moving onto the same day count once (Fri and Sat → Monday); Sunday is a rule date, not a skip date.
    expect(dues('FREQ=DAILY', '2026-03-20', '2026-03-20', '2026-03-23', skips)).toEqual(['2026-03-22', '2026-03-23']);
  });

  it('validates rules: FREQ needed, no time parts, no DTSTART', () => {
    expect(isValidRrule('FREQ=MONTHLY;BYMONTHDAY=1')).toBe(true);
    expect(isValidRrule('RRULE:FREQ=YEARLY;BYMONTH=3,9;BYDAY=1MO')).toBe(true);
    expect(isValidRrule('BYMONTHDAY=1')).toBe(false);
    expect(isValidRrule('FREQ=HOURLY')).toBe(false);
    expect(isValidRrule('FREQ=DAILY;BYHOUR=8')).toBe(false);
    expect(isValidRrule('DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY')).toBe(false);
    expect(isValidRrule('n importe quoi')).toBe(false);
  });
});

describe('plan input', () => {
  const base = { nom: 'Visite transfo', template_id: 1, rrule: 'freq=monthly', date_debut: '2026-01-01' };
  it('takes one equipment, or a client and a type, not both nor neither', () => {
    expect(planInputSchema.safeParse({ ...base, equipement_id: 3 }).success).toBe(true);
    const byType = planInputSchema.parse({ ...base, client_id: 2, type_equipement: 'TRANSFORMATEUR' });
    expect(byType).toMatchObject({ equipement_id: null, jours_avance: 7, actif: true, rrule: 'FREQ=MONTHLY' });
    expect(planInputSchema.safeParse({ ...base, equipement_id: 3, client_id: 2 }).success).toBe(false);
    expect(planInputSchema.safeParse({ ...base, client_id: 2 }).success).toBe(false);
    expect(planInputSchema.safeParse(base).success).toBe(false);
    expect(planInputSchema.safeParse({ ...base, equipement_id: 3, rrule: 'FREQ=SOMETIMES' }).success).toBe(false);
  });
  it('on-time percentage is over decided occurrences', () => {
    expect(onTimePct(3, 1, 0)).toBe(75);
    expect(onTimePct(0, 0, 0)).toBeNull();
  });
});
