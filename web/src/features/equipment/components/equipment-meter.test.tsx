import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EquipmentMeter } from './equipment-meter';

const granted = new Set<string>();
vi.mock('../../../lib/session', () => ({ usePermissions: () => ({ can: (p: string) => granted.has(p) }) }));

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const refused = 'Relevé refusé : le compteur ne peut pas descendre sous le relevé précédent (1250 h le 2026-03-01)';
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  granted.clear();
  fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    if (init?.method === 'POST')
      return json(422, { success: false, message: refused, details: [{ field: 'valeur', msg: refused }] });
    return json(200, {
      success: true,
      data: [
        {
          id: 1,
          equipement_id: 7,
          date: '2026-03-01',
          valeur: 1250,
          saisi_par: 2,
          saisi_par_nom: 'Karim Alaoui',
          createdAt: '2026-03-01T09:00:00.000Z',
        },
      ],
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderMeter = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EquipmentMeter equipmentId={7} />
    </QueryClientProvider>,
  );

describe('equipment running-hours meter', () => {
  it('shows the last reading; without equipment:update there is no form', async () => {
    renderMeter();
    expect(await screen.findByText(/Dernier relevé : 1250 h le .* \(Karim Alaoui\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enregistrer un relevé' })).toBeNull();
  });

  it('with equipment:update, a reading below the previous one shows the server’s message on the field', async () => {
    granted.add('equipment:update');
    renderMeter();
    fireEvent.change(screen.getByLabelText(/Heures au compteur/), { target: { value: '1200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer un relevé' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/equipment/7/readings', expect.objectContaining({ method: 'POST' })),
    );
    expect(await screen.findAllByText(refused)).not.toHaveLength(0);
  });

  it('checks the value with the shared schema before sending (whole hours)', async () => {
    granted.add('equipment:update');
    renderMeter();
    fireEvent.change(screen.getByLabelText(/Heures au compteur/), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer un relevé' }));
    expect(await screen.findByText(/nombre entier d'heures/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(false);
  });
});
