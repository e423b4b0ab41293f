import { PARTS_DOWNTIME_LABELS } from '@gmao/domain/reports/report-schemas';
import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { PartsDowntimeView } from './parts-downtime-view';

const plain = (s: string | null) =>
  (s ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

it('lists the parts longest first with their down time, interventions, equipment and quantity', () => {
  render(
    <PartsDowntimeView
      rows={[
        {
          partId: 1,
          reference: 'ROUL-6204',
          designation: 'Roulement 6204',
          unite: 'u',
          interventions: 2,
          equipment: 2,
          quantity: 4,
          waitingHours: 96,
        },
        {
          partId: 2,
          reference: 'JOINT-12',
          designation: 'Joint',
          unite: 'u',
          interventions: 1,
          equipment: 1,
          quantity: 1,
          waitingHours: 30,
        },
      ]}
    />,
  );
  expect(screen.getByRole('heading', { name: PARTS_DOWNTIME_LABELS.title })).toBeTruthy();
  const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  expect(rows.map((r) => plain(r.textContent))).toEqual(['ROUL-6204Roulement 62044 j224 u', 'JOINT-12Joint30 h111 u']);
});

it('says so when nothing waited for parts', () => {
  render(<PartsDowntimeView rows={[]} />);
  expect(screen.getByText(PARTS_DOWNTIME_LABELS.empty)).toBeTruthy();
});
