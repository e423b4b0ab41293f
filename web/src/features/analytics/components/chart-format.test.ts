import type { Analytics, AnalyticsPoint } from '@gmao/domain/analytics/analytics-schemas';
import { expect, it } from 'vitest';
import { bucketLabel, completionPoints, tickInterval } from './chart-format';

const point = (day: number, total: number, completed: number): AnalyticsPoint => ({
  start: `2026-03-${String(day).padStart(2, '0')}`,
  total,
  completed,
  completionRate: total ? (completed / total) * 100 : 0,
  byStatus: {},
  mttrHours: null,
  repairHours: null,
  waitingHours: null,
});
const analytics = (bucket: Analytics['bucket'], series: AnalyticsPoint[]): Analytics => ({
  timeframe: series.length,
  from: series[0]?.start ?? '',
  to: series.at(-1)?.start ?? '',
  bucket,
  series,
  byEquipmentType: [],
  byClient: [],
  workload: [],
  maintenanceMix: { preventive: 0, corrective: 0 },
  repairSplit: { completed: 0, mttrHours: null, repairHours: null, waitingHours: null },
});

it('groups 30 daily points by 7 days and rates each week on its own totals', () => {
  const series = Array.from({ length: 30 }, (_, i) => point(i + 1, i < 7 ? 1 : 0, i < 3 ? 1 : 0));
  const weeks = completionPoints(analytics('day', series));
  expect(weeks).toHaveLength(5);
  expect(weeks[0]).toMatchObject({ label: 'sem. 01/03', total: 7, completed: 3, rate: 42.9 });
  // Nothing planned that week: no point rather than a misleading 0 %.
  expect(weeks[1]).toMatchObject({ label: 'sem. 08/03', total: 0, rate: null });
  expect(weeks[4]).toMatchObject({ label: 'sem. 29/03', total: 0 });
});

it('keeps short daily series and weekly/monthly buckets as they are', () => {
  const series = Array.from({ length: 7 }, (_, i) => point(i + 1, 2, 1));
  const days = completionPoints(analytics('day', series));
  expect(days).toHaveLength(7);
  expect(days[0]).toMatchObject({ label: '01/03', rate: 50 });
  expect(completionPoints(analytics('week', series))[0]).toMatchObject({ label: 'sem. 01/03' });
});

it('labels a time axis every n-th bucket, at most 8 labels, without measuring them', () => {
  // 7 and 8 days: every label; 30 days: one in four (8 labels); 365 days: one in 46.
  expect(tickInterval(7)).toBe(0);
  expect(tickInterval(8)).toBe(0);
  expect(tickInterval(30)).toBe(3);
  expect(Math.ceil(30 / (tickInterval(30) + 1))).toBeLessThanOrEqual(8);
  expect(Math.ceil(365 / (tickInterval(365) + 1))).toBeLessThanOrEqual(8);
  expect(tickInterval(0)).toBe(0);
});

it('labels months and days in French', () => {
  expect(bucketLabel('2026-03-05', 'month')).toBe('mars 2026');
  expect(bucketLabel('2026-03-05', 'day')).toBe('05/03');
  expect(bucketLabel('2026-03-05', 'week')).toBe('sem. 05/03');
});
