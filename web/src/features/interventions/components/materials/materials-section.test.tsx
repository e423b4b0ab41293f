import { formatCurrency } from '@gmao/domain/format/format';
import { MATERIAL_MESSAGES } from '@gmao/domain/interventions/messages';
import type { InterventionFacts } from '@gmao/domain/interventions/policy';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { MaterialsSection } from './materials-section';

const granted = new Set<string>();
// The session user (#1, a technician holding the granted permissions), read by the domain access policy.
const mine: InterventionFacts = { createdBy: 1, technicianId: null };
const othersFacts: InterventionFacts = { createdBy: 9, technicianId: 8 };

const line = {
  id: 7,
  designation: 'Câble 4 mm²',
  reference: 'CB-4',
  quantite: '2.5',
  prixUnitaire: '12.35',
  total: '30.88',
  auteur: { id: 1, nom: 'Moi' },
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  granted.clear();
  fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE') return json(200, { success: true, data: null, message: MATERIAL_MESSAGES.deleted });
    return json(200, { success: true, data: { items: [line], total: '30.88' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderSection(facts = mine) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MaterialsSection interventionId={5} facts={facts} readOnly={false} />
    </QueryClientProvider>,
    signedIn({ id: 1, role: 'Technicien', permissions: [...granted] }),
  );
}

describe('MaterialsSection', () => {
  it('shows each line and the total in MAD; readers get no edit buttons', async () => {
    renderSection();
    const row = (await screen.findByText('Câble 4 mm²')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2,5')).toBeInTheDocument();
    // Intl separates with narrow no-break spaces; compare whitespace-insensitively.
    const flat = (s: string | null) => (s ?? '').replace(/\s/g, '');
    expect(flat(row.textContent)).toContain(flat(formatCurrency('30.88')));
    expect(flat(screen.getByTestId('materials-total').textContent)).toBe(flat(formatCurrency('30.88')));
    expect(screen.queryByRole('button', { name: 'Ajouter du matériel' })).toBeNull();
  });

  it('on a phone, each line is a card with its total and its actions, no wide table (issue 30)', async () => {
    granted.add('interventions:update');
    window.matchMedia = vi.fn().mockReturnValue({
      matches: true,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }) as unknown as typeof window.matchMedia;
    try {
      renderSection();
      const list = await screen.findByRole('list', { name: 'Matériel utilisé' });
      expect(screen.queryByRole('table')).toBeNull();
      const card = within(list).getByRole('listitem');
      const flat = (s: string | null) => (s ?? '').replace(/\s/g, '');
      expect(flat(card.textContent)).toContain(flat(`2,5 × ${formatCurrency('12.35')}`));
      expect(flat(card.textContent)).toContain(flat(formatCurrency('30.88')));
      expect(within(card).getByRole('button', { name: 'Modifier Câble 4 mm²' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Supprimer Câble 4 mm²' })).toBeInTheDocument();
      expect(flat(screen.getByTestId('materials-total').textContent)).toBe(flat(formatCurrency('30.88')));
    } finally {
      // @ts-expect-error jsdom has no matchMedia of its own
      delete window.matchMedia;
    }
  });

  it('a technician changes only his own lines, and adds none to an intervention that is not his', async () => {
    granted.add('interventions:update');
    const colleague = { ...line, id: 8, designation: 'Disjoncteur 16 A', auteur: { id: 8, nom: 'Collègue' } };
    fetchMock.mockImplementation(() =>
      json(200, { success: true, data: { items: [line, colleague], total: '30.88' } }),
    );
    renderSection(othersFacts);
    const theirs = (await screen.findByText('Disjoncteur 16 A')).closest('tr') as HTMLElement;
    expect(within(theirs).queryByRole('button', { name: 'Supprimer Disjoncteur 16 A' })).toBeNull();
    expect(within(theirs).queryByRole('button', { name: 'Modifier Disjoncteur 16 A' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Supprimer Câble 4 mm²' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajouter du matériel' })).toBeNull();
  });

  it('validates the add form with the domain messages', async () => {
    granted.add('interventions:update');
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter du matériel' }));
    const form = screen.getByRole('form', { name: 'Ajouter du matériel' });
    await userEvent.clear(within(form).getByLabelText(/Quantité/));
    await userEvent.type(within(form).getByLabelText(/Quantité/), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(MATERIAL_MESSAGES.designationRequired)).toBeInTheDocument();
    expect(within(form).getByText(MATERIAL_MESSAGES.quantiteInvalid)).toBeInTheDocument();
    expect(within(form).getByText(MATERIAL_MESSAGES.prixInvalid)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('a catalogue part is taken from the chosen location (the central store by default)', async () => {
    granted.add('interventions:update');
    granted.add('stock:read');
    const part = { id: 31, reference: 'FLT-9', designation: 'Filtre à huile', prix_unitaire: 85, available: 4 };
    const locations = [
      { id: 1, nom: 'Magasin central', type: 'MAGASIN' },
      { id: 2, nom: 'Véhicule Y. Amrani', type: 'VEHICULE' },
    ];
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return json(201, { success: true, data: line, message: MATERIAL_MESSAGES.created });
      if (url.includes('/parts')) return json(200, { success: true, data: [part], pagination: {} });
      if (url.includes('/stock/locations')) return json(200, { success: true, data: locations });
      return json(200, { success: true, data: { items: [line], total: '30.88' } });
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter du matériel' }));
    const form = screen.getByRole('form', { name: 'Ajouter du matériel' });
    // no location to choose before a part is
    expect(within(form).queryByRole('combobox', { name: 'Emplacement de sortie' })).toBeNull();
    await userEvent.click(within(form).getByRole('combobox', { name: 'Pièce du catalogue (facultatif)' }));
    await userEvent.click(await screen.findByRole('option', { name: /FLT-9 — Filtre à huile/ }));
    expect(within(form).getByLabelText(/Désignation/)).toHaveValue('Filtre à huile');
    const where = within(form).getByRole('combobox', { name: 'Emplacement de sortie' });
    expect(where).toHaveTextContent('Magasin central (par défaut)');
    await userEvent.click(where);
    await userEvent.click(await screen.findByRole('option', { name: 'Véhicule Y. Amrani' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ designation: 'Filtre à huile', part_id: 31, location_id: 2 });
  });

  it('on site, a catalogue part comes from his own vehicle by default (issue 32)', async () => {
    granted.add('interventions:update');
    granted.add('stock:read');
    localStorage.setItem('user_data', JSON.stringify({ id: 7, nom: 'Yassine Amrani', role: 'Technicien' }));
    const part = { id: 31, reference: 'FLT-9', designation: 'Filtre à huile', prix_unitaire: 85, available: 4 };
    const locations = [
      { id: 1, nom: 'Magasin central', type: 'MAGASIN', technicien_id: null },
      { id: 2, nom: 'Véhicule H. El Idrissi', type: 'VEHICULE', technicien_id: 9 },
      { id: 3, nom: 'Véhicule Y. Amrani', type: 'VEHICULE', technicien_id: 7 },
    ];
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return json(201, { success: true, data: line, message: MATERIAL_MESSAGES.created });
      if (url.includes('/parts')) return json(200, { success: true, data: [part], pagination: {} });
      if (url.includes('/stock/locations')) return json(200, { success: true, data: locations });
      return json(200, { success: true, data: { items: [line], total: '30.88' } });
    });
    try {
      renderSection();
      await userEvent.click(await screen.findByRole('button', { name: 'Ajouter du matériel' }));
      const form = screen.getByRole('form', { name: 'Ajouter du matériel' });
      await userEvent.click(within(form).getByRole('combobox', { name: 'Pièce du catalogue (facultatif)' }));
      await userEvent.click(await screen.findByRole('option', { name: /FLT-9 — Filtre à huile/ }));
      const where = within(form).getByRole('combobox', { name: 'Emplacement de sortie' });
      await vi.waitFor(() => expect(where).toHaveTextContent('Véhicule Y. Amrani'));
      await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
      await vi.waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
      const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') as [string, RequestInit];
      expect(JSON.parse(String(init.body))).toMatchObject({ part_id: 31, location_id: 3 });
    } finally {
      localStorage.removeItem('user_data');
    }
  });

  it('asks for confirmation before deleting a line', async () => {
    granted.add('interventions:update');
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Câble 4 mm²' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le matériel' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, init]) => init?.method === 'DELETE' && u === '/api/interventions/5/materials/7'),
      ).toBe(true),
    );
  });
});
