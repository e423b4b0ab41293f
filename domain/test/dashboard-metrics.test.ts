import { bucketFor, equipmentTypeLabel } from '@gmao/domain/analytics/analytics-schemas';
import { timeframeQuerySchema } from '@gmao/domain/dashboard/dashboard-schemas';
import {
  ACTIVE_STATUTS,
  completionRate,
  OPEN_STATUTS,
  overdueBefore,
  timeframeStart,
} from '@gmao/domain/dashboard/metrics';
import { formatHours, roundHours } from '@gmao/domain/dashboard/performance-schemas';
import { REPORT_MESSAGES, reportFilterSchema } from '@gmao/domain/reports/report-schemas';
import { describe, expect, it } from 'vitest';

describe('metric definitions', () => {
  it('completion rate has one decimal and no division by zero', () => {
    expect(completionRate(2, 3)).toBe(66.7);
    expect(completionRate(0, 0)).toBe(0);
    expect(completionRate(5, 5)).toBe(100);
  });

  it('a timeframe of N days ends today and starts N − 1 days before (inclusive)', () => {
    expect(timeframeStart('2026-03-01', 1)).toBe('2026-03-01');
    expect(timeframeStart('2026-03-01', 30)).toBe('2026-01-31');
    expect(timeframeStart('2024-03-01', 7)).toBe('2024-02-24');
  });

  it('overdue means dated before today − 30 days', () => {
    expect(overdueBefore('2026-03-31')).toBe('2026-03-01');
  });

  it('active is En Cours, which is open', () => {
    expect(ACTIVE_STATUTS).toEqual(['EN_COURS']);
    expect(OPEN_STATUTS).not.toContain('TERMINEE');
    expect(OPEN_STATUTS).toContain('EN_ATTENTE_PDR');
  });

  it('timeframe defaults to 30 and rejects nonsense', () => {
    expect(timeframeQuerySchema.parse({})).toEqual({ timeframe: 30 });
    expect(timeframeQuerySchema.parse({ timeframe: '7' })).toEqual({ timeframe: 7 });
    expect(timeframeQuerySchema.safeParse({ timeframe: '0' }).success).toBe(false);
  });

  it('analytics buckets per day, week, month', () => {
    expect([7, 30, 90, 365].map(bucketFor)).toEqual(['day', 'day', 'week', 'month']);
    expect(equipmentTypeLabel('GROUPE_ELECTROGENE')).toBe('Groupe électrogène');
    expect(equipmentTypeLabel(null)).toBe('Non renseigné');
  });

  it('hours helpers', () => {
    expect(roundHours('3.14159')).toBe(3.1);
    expect(roundHours(null)).toBeNull();
    expect(formatHours(7)).toBe('7 h');
    expect(formatHours(72)).toBe('3 j');
    expect(formatHours(null)).toBe('-');
  });
});

describe('report filter', () => {
  it('accepts a period with optional ids (empty strings ignored)', () => {
    expect(
      reportFilterSchema.parse({ dateFrom: '2026-01-01', dateTo: '2026-01-31', clientId: '4', technicianId: '' }),
    ).toEqual({ dateFrom: '2026-01-01', dateTo: '2026-01-31', clientId: 4 });
  });

  it('rejects an inverted period with the French message', () => {
    const r = reportFilterSchema.safeParse({ dateFrom: '2026-02-01', dateTo: '2026-01-31' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(REPORT_MESSAGES.dateOrder);
  });
});
