import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { MaintenanceMix } from './maintenance-mix';

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');

it('shows the preventive and corrective counts of the period with their shares', () => {
  render(<MaintenanceMix mix={{ preventive: 3, corrective: 9 }} />);
  expect(plain(screen.getByTestId('maintenance-mix').textContent)).toBe(
    'Préventif : 3 (25,0 %) · Correctif : 9 (75,0 %)',
  );
});

it('shows 0 % on both sides for an empty period (no division by zero)', () => {
  render(<MaintenanceMix mix={{ preventive: 0, corrective: 0 }} />);
  expect(plain(screen.getByTestId('maintenance-mix').textContent)).toBe(
    'Préventif : 0 (0,0 %) · Correctif : 0 (0,0 %)',
  );
});
