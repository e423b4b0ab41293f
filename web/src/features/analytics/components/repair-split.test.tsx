import { type Analytics, REPAIR_SPLIT_LABELS } from '@gmao/domain/analytics/analytics-schemas';
import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { TrendCharts } from './trend-charts';

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

const data: Analytics = {
  timeframe: 7,
  from: '2026-11-18',
  to: '2026-11-24',
  bucket: 'day',
  series: [
    {
      start: '2026-11-20',
      total: 1,
      byStatus: { TERMINEE: 1 },
      completed: 1,
      completionRate: 100,
      mttrHours: 76,
      repairHours: 4,
      waitingHours: 72,
    },
    {
      start: '2026-11-21',
      total: 1,
      byStatus: { PLANIFIEE: 1 },
      completed: 0,
      completionRate: 0,
      mttrHours: null,
      repairHours: null,
      waitingHours: null,
    },
  ],
  byEquipmentType: [],
  byClient: [],
  workload: [],
  maintenanceMix: { preventive: 0, corrective: 2 },
  repairSplit: { completed: 1, mttrHours: 76, repairHours: 4, waitingHours: 72 },
};

it('shows repair time and waiting for parts apart, per period and in total, in the data table', () => {
  render(<TrendCharts data={data} />);
  const figure = screen.getByRole('figure', { name: REPAIR_SPLIT_LABELS.title });
  const table = within(figure).getByRole('table', { hidden: true });
  const rows = within(table)
    .getAllByRole('row', { hidden: true })
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => plain(c.textContent)));
  expect(rows[0]).toEqual([
    REPAIR_SPLIT_LABELS.period,
    REPAIR_SPLIT_LABELS.completed,
    REPAIR_SPLIT_LABELS.repair,
    REPAIR_SPLIT_LABELS.waiting,
    REPAIR_SPLIT_LABELS.mttr,
  ]);
  // only the periods with completed interventions, then the period's total; 72 h shows as 3 days
  expect(rows.slice(1).map((r) => r.slice(1))).toEqual([
    ['1', '4 h', '3 j', '3,2 j'],
    ['1', '4 h', '3 j', '3,2 j'],
  ]);
  expect(rows.at(-1)?.[0]).toBe(REPAIR_SPLIT_LABELS.total);
});
