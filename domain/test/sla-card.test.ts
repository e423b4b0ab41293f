import { describe, expect, it } from 'vitest';
import { complianceRate, moisLabel, monthBounds, SLA_CARD_LABELS } from '../src/dashboard/sla-card-schemas.ts';

describe('the dashboard card "Délais garantis" (issue 31)', () => {
  it('counts a month from its first day to the next month’s, across the year', () => {
    expect(monthBounds('2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(monthBounds('2026-12-31')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(monthBounds('2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-02-01' });
  });

  it('gives the compliance with one decimal, and none (not 0 % nor 100 %) when nothing is decided', () => {
    expect(complianceRate(0, 0)).toBeNull();
    expect(complianceRate(3, 1)).toBe(75);
    expect(complianceRate(2, 1)).toBe(66.7);
    expect(complianceRate(0, 4)).toBe(0);
    expect(SLA_CARD_LABELS.decided({ respectees: 0, depassees: 0, taux: null })).toBe('Aucune échéance ce mois-ci');
    expect(SLA_CARD_LABELS.decided({ respectees: 2, depassees: 1, taux: 66.7 })).toBe('2 respectée(s) sur 3');
  });

  it('names the month in French', () => {
    expect(moisLabel('2026-08')).toBe('août 2026');
    expect(SLA_CARD_LABELS.compliance('2027-02')).toBe('Respect du mois (février 2027)');
  });
});
