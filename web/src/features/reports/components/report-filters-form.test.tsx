import { REPORT_MESSAGES, type ReportFilter } from '@gmao/domain/reports/report-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ReportFiltersForm } from './report-filters-form';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            success: true,
            data: { clients: [{ id: 4, nom: 'Atlas Textiles SARL' }], equipment: [], technicians: [] },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(onSubmit = vi.fn<(filter: ReportFilter) => void>()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ReportFiltersForm onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return onSubmit;
}

it('submits the default period (last 30 days) with no client, equipment or technician', async () => {
  const onSubmit = renderForm();
  await userEvent.click(screen.getByRole('button', { name: "Générer l'aperçu" }));
  await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
  const [filter] = onSubmit.mock.lastCall ?? [];
  expect(filter).toMatchObject({ clientId: undefined, equipementId: undefined, technicianId: undefined });
  expect(filter && filter.dateFrom < filter.dateTo).toBe(true);
});

it('refuses an end date before the start date with the French message', async () => {
  const onSubmit = renderForm();
  fireEvent.change(screen.getByLabelText(/^Du/), { target: { value: '2026-03-10' } });
  fireEvent.change(screen.getByLabelText(/^Au/), { target: { value: '2026-03-01' } });
  await userEvent.click(screen.getByRole('button', { name: "Générer l'aperçu" }));
  expect(await screen.findByText(REPORT_MESSAGES.dateOrder)).toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();
});
