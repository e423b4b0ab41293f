import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { EquipmentMeter } from './equipment-meter';

const granted = new Set<string>();

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const refused = 'Relevé refusé : le compteur ne peut pas descendre sous le relevé précédent (1250 h le 2026-03-01)';
const implausible = 'Relevé refusé : invraisemblable depuis le relevé précédent';
const reading = {
  id: 1,
  equipement_id: 7,
  date: '2026-03-01',
  valeur: 1250,
  saisi_par: 2,
  saisi_par_nom: 'Karim Alaoui',
  createdAt: '2026-03-01T09:00:00.000Z',
};
let fetchMock: ReturnType<typeof vi.fn>;
const sent = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === method);

beforeEach(() => {
  granted.clear();
  fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    if (init?.method === 'POST')
      return json(422, { success: false, message: refused, details: [{ field: 'valeur', msg: refused }] });
    if (init?.method === 'DELETE')
      return json(200, { success: true, data: null, message: 'Relevé du compteur supprimé' });
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      if (body.valeur > 5000) return json(422, { success: false, message: implausible });
      return json(200, { success: true, data: { ...reading, ...body }, message: 'Relevé du compteur corrigé' });
    }
    return json(200, {
      success: true,
      data: [reading],
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
    signedIn({ permissions: [...granted] }),
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

  it('without equipment:update, the readings are listed without correction or deletion', async () => {
    renderMeter();
    expect(await screen.findByText(/1250 h · .* · Karim Alaoui/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Corriger le relevé/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Supprimer le relevé/ })).toBeNull();
  });

  it('with equipment:update, deleting a reading asks for confirmation, then sends DELETE', async () => {
    granted.add('equipment:update');
    renderMeter();
    fireEvent.click(await screen.findByRole('button', { name: /Supprimer le relevé de 1250 h/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/Supprimer le relevé de 1250 h du .* \?/);
    expect(sent('DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
    expect(sent('DELETE')[0]?.[0]).toBe('/api/equipment/7/readings/1');
  });

  it('with equipment:update, a correction sends PUT and shows the server’s refusal under the fields', async () => {
    granted.add('equipment:update');
    renderMeter();
    fireEvent.click(await screen.findByRole('button', { name: /Corriger le relevé de 1250 h/ }));
    const valeur = screen.getByLabelText('Heures au compteur', { selector: '#meter-reading-1-valeur' });
    fireEvent.change(valeur, { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la correction' }));
    expect((await screen.findByRole('alert')).textContent).toBe(implausible);
    fireEvent.change(valeur, { target: { value: '1260' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la correction' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Enregistrer la correction' })).toBeNull());
    expect(sent('PUT').map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))])).toEqual([
      ['/api/equipment/7/readings/1', { date: '2026-03-01', valeur: 9999 }],
      ['/api/equipment/7/readings/1', { date: '2026-03-01', valeur: 1260 }],
    ]);
  });
});
