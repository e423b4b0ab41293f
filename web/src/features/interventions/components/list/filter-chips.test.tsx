import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterChips } from './filter-chips';
import { EMPTY_FILTERS } from './use-interventions-query';

describe('FilterChips: the SLA filter the dashboard card opens the list with (issue 31)', () => {
  it('shows it as a removable chip, and removing it clears only it', async () => {
    const onChange = vi.fn();
    render(<FilterChips filters={{ ...EMPTY_FILTERS, sla: 'DEPASSE', open: true }} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Retirer le filtre « Délai garanti dépassé »' })).toHaveTextContent(
      'Délai garanti dépassé',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retirer le filtre « Délai garanti dépassé »' }));
    expect(onChange).toHaveBeenCalledWith({ ...EMPTY_FILTERS, sla: '', open: true });
  });
});
