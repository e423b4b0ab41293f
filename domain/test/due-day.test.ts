import { describe, expect, it } from 'vitest';
import { casablancaToday, dayAfter, dueDay, isDueBefore, isDueOn } from '../src/interventions/due-day.ts';

/** Issue 30 item 5: which Casablanca day a job is due, and which day it is in Casablanca (the server's answer). */
describe('due-day', () => {
  it("today is Casablanca's: 23:30 UTC on 25 November 2026 is already the 26th there (UTC+1)", () => {
    expect(casablancaToday(new Date('2026-11-25T22:59:00Z'))).toBe('2026-11-25');
    expect(casablancaToday(new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
  });

  it('the day after crosses months and years', () => {
    expect(dayAfter('2026-11-30')).toBe('2026-12-01');
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
  });

  it('a planned job is due on its planned day (Casablanca), an unplanned one on its date', () => {
    const planned = { date: '2026-11-25', plannedAt: '2026-11-25T23:30:00Z' };
    expect(dueDay(planned)).toBe('2026-11-26');
    expect(isDueOn(planned, '2026-11-25')).toBe(false);
    expect(isDueOn({ date: '2026-11-25', plannedAt: null }, '2026-11-25')).toBe(true);
    expect(isDueBefore({ date: '2026-11-24', plannedAt: '2026-11-26T09:00:00Z' }, '2026-11-25')).toBe(false);
    expect(isDueBefore({ date: '2026-11-24', plannedAt: null }, '2026-11-25')).toBe(true);
  });
});
