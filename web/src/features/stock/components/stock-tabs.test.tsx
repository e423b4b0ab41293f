import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { CLIENT_MESSAGES } from '@gmao/domain/clients/client-constants';
import { STOCK_LABELS as L } from '@gmao/domain/stock/stock-labels';
import { STOCK_MESSAGES, STOCK_SETTINGS_MESSAGES, type StockSuggestion } from '@gmao/domain/stock/stock-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { LocationsPanel } from './locations-panel';
import { PartFormModal } from './part-form-modal';
import { SuggestionsPanel } from './suggestions-panel';

/** Issue 18: the 'Emplacements' and 'À commander' tabs, and a part edited with PUT. */

const granted = new Set<string>();

const plain = (s: string | null) =>
  (s ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const suggestion = (over: Partial<StockSuggestion>): StockSuggestion => ({
  part_id: 1,
  reference: 'ROUL-6204',
  designation: 'Roulement 6204',
  unite: 'pièce',
  on_hand: 1,
  reserved: 0,
  available: 1,
  seuil_reappro: 4,
  quantite_suggeree: 10,
  prix_unitaire: 45.5,
  montant: 455,
  fournisseur: 'SKF Maroc',
  delai_jours: null,
  ...over,
});

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let data: Record<string, unknown>;
let fetchMock: ReturnType<typeof vi.fn>;
const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method && (init as RequestInit).method !== 'GET')
    .map(([url, init]) => ({
      method: (init as RequestInit).method,
      url: String(url),
      body: JSON.parse(String((init as RequestInit).body)),
    }));

beforeEach(() => {
  granted.clear();
  data = {
    '/api/stock/locations': [
      { id: 1, nom: 'Magasin central', type: 'MAGASIN', technicien_id: null, client_id: null, createdAt: '' },
    ],
    '/api/stock/suggestions': [],
    '/api/stock/settings': { allow_negative: false },
    '/api/interventions/technicians': [{ id: 3, nom: 'Karim Alaoui', username: 'karim', role: 'TECHNICIEN' }],
  };
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method && init.method !== 'GET') return json(201, { success: true, data: {} });
    const key = Object.keys(data).find((k) => url.startsWith(k));
    return key ? json(200, { success: true, data: data[key] }) : json(404, { success: false, message: 'introuvable' });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderIn(ui: ReactNode) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {ui}
      </QueryClientProvider>
    </MemoryRouter>,
    signedIn({ permissions: [...granted] }),
  );
}

describe('locations', () => {
  it('lists the locations with their type label; a reader cannot add one', async () => {
    granted.add(PERMISSIONS.STOCK_READ);
    renderIn(<LocationsPanel />);
    const row = (await screen.findByText('Magasin central')).closest('tr');
    expect(plain(row?.textContent ?? '')).toBe('Magasin centralMagasin');
    expect(screen.getByRole('heading', { level: 2, name: L.locationsTitle })).toBeTruthy();
    expect(screen.queryByRole('button', { name: L.newLocationAction })).toBeNull();
  });

  it('negative stock: a reader sees the setting, a manager allows it with a PUT', async () => {
    granted.add(PERMISSIONS.STOCK_READ);
    renderIn(<LocationsPanel />);
    const box = await screen.findByRole('checkbox', { name: STOCK_SETTINGS_MESSAGES.allowNegative });
    await vi.waitFor(() => expect(box).not.toBeChecked());
    expect(box).toBeDisabled();
    cleanup();

    granted.add(PERMISSIONS.STOCK_MANAGE);
    renderIn(<LocationsPanel />);
    const managed = await screen.findByRole('checkbox', { name: STOCK_SETTINGS_MESSAGES.allowNegative });
    await vi.waitFor(() => expect(managed).toBeEnabled());
    await userEvent.click(managed);
    await vi.waitFor(() =>
      expect(writes()).toEqual([{ method: 'PUT', url: '/api/stock/settings', body: { allow_negative: true } }]),
    );
  });

  it('a vehicle location names its technician; the request carries it', async () => {
    granted.add(PERMISSIONS.STOCK_READ).add(PERMISSIONS.STOCK_MANAGE);
    const user = userEvent.setup();
    renderIn(<LocationsPanel />);
    await user.click(await screen.findByRole('button', { name: L.newLocationAction }));
    const dialog = await screen.findByRole('dialog', { name: L.newLocationTitle });
    await user.click(within(dialog).getByRole('button', { name: L.newLocationSubmit }));
    await within(dialog).findByText(STOCK_MESSAGES.locationNomRequired);
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Camion Karim');
    await user.selectOptions(within(dialog).getByLabelText(/^Type/), 'VEHICULE');
    const technician = within(dialog).getByLabelText(/^Technicien/);
    await within(technician).findByRole('option', { name: 'Karim Alaoui' });
    await user.selectOptions(technician, '3');
    await user.click(within(dialog).getByRole('button', { name: L.newLocationSubmit }));
    await vi.waitFor(() =>
      expect(writes()).toEqual([
        {
          method: 'POST',
          url: '/api/stock/locations',
          body: { nom: 'Camion Karim', type: 'VEHICULE', technicien_id: 3, client_id: null, section_id: null },
        },
      ]),
    );
  });
});

describe('à commander', () => {
  it('lists the suggestions with the amounts in MAD and their total, units in the plural after 2 ("10 pièces")', async () => {
    data['/api/stock/suggestions'] = [
      suggestion({ delai_jours: 7 }),
      suggestion({ part_id: 2, reference: 'FUS-63', designation: 'Fusible', montant: 1234.5, fournisseur: null }),
    ];
    renderIn(<SuggestionsPanel />);
    await screen.findByText('FUS-63');
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => plain(r.textContent));
    expect(rows).toEqual([
      'ROUL-6204Roulement 62041 pièce410 piècesSKF Marocdélai 7 j455,00 MAD',
      'FUS-63Fusible1 pièce410 pièces-1 234,50 MAD',
    ]);
    expect(plain(screen.getByTestId('suggestions-total').textContent)).toBe(`${L.suggestionsTotal} : 1 689,50 MAD`);
  });

  it('says when there is nothing to order', async () => {
    renderIn(<SuggestionsPanel />);
    await screen.findByText(L.suggestionsEmpty);
    expect(screen.queryByTestId('suggestions-total')).toBeNull();
  });
});

describe('part form', () => {
  it('edits a part with PUT, its suppliers sent back unchanged', async () => {
    granted.add(PERMISSIONS.STOCK_MANAGE);
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderIn(
      <PartFormModal
        part={{
          id: 9,
          reference: 'ROUL-6204',
          designation: 'Roulement 6204',
          famille: null,
          unite: 'pièce',
          prix_unitaire: 45.5,
          seuil_reappro: 4,
          quantite_reappro: 10,
          fournisseurs: [{ nom: 'SKF Maroc', ice: null, contact: null, delai_jours: null }],
          types_equipement: ['MOTEUR_ELECTRIQUE'],
          on_hand: 0,
          reserved: 0,
          available: 0,
          low_stock: true,
          createdAt: '',
          updatedAt: '',
        }}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: L.editPartTitle });
    const seuil = within(dialog).getByLabelText(new RegExp(`^${L.seuil}`));
    await user.clear(seuil);
    await user.type(seuil, '6');
    await user.click(within(dialog).getByRole('button', { name: L.editPartSubmit }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()).toEqual([
      {
        method: 'PUT',
        url: '/api/parts/9',
        body: {
          reference: 'ROUL-6204',
          designation: 'Roulement 6204',
          famille: null,
          unite: 'pièce',
          prix_unitaire: 45.5,
          seuil_reappro: 6,
          quantite_reappro: 10,
          fournisseurs: [{ nom: 'SKF Maroc', ice: null, contact: null, delai_jours: null }],
          types_equipement: ['MOTEUR_ELECTRIQUE'],
        },
      },
    ]);
  });

  it('adds and removes supplier rows; a bad ICE is refused by the schema, the POST carries the suppliers', async () => {
    granted.add(PERMISSIONS.STOCK_MANAGE);
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderIn(<PartFormModal onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: L.newPartTitle });
    expect(within(dialog).getByText(L.noSupplier)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Référence/), 'ROUL-6204');
    await user.type(within(dialog).getByLabelText(/^Désignation/), 'Roulement 6204');
    await user.type(within(dialog).getByLabelText(/^Prix unitaire/), '45,5');
    const add = within(dialog).getByRole('button', { name: L.addSupplier });
    await user.click(add);
    await user.click(add);
    await user.type(within(dialog).getByLabelText(`${L.supplierNom} 1`, { exact: false }), 'SKF Maroc');
    await user.type(within(dialog).getByLabelText(`${L.supplierIce} 1`, { exact: false }), '123');
    await user.type(within(dialog).getByLabelText(`${L.supplierContact} 1`, { exact: false }), 'M. Alami 0522');
    await user.type(within(dialog).getByLabelText(`${L.supplierDelai} 1`, { exact: false }), '7');
    await user.type(within(dialog).getByLabelText(`${L.supplierNom} 2`, { exact: false }), 'FAG');
    await user.click(within(dialog).getByRole('button', { name: L.createPartSubmit }));
    expect(await within(dialog).findByText(CLIENT_MESSAGES.iceInvalid)).toBeTruthy();
    expect(writes()).toEqual([]);
    const ice = within(dialog).getByLabelText(`${L.supplierIce} 1`, { exact: false });
    await user.clear(ice);
    await user.type(ice, '001 234 567 000 089');
    await user.click(within(dialog).getByRole('button', { name: L.removeSupplier(2) }));
    // the equipment types it fits
    await user.click(within(dialog).getByRole('combobox', { name: L.typesEquipement }));
    await user.click(await screen.findByRole('option', { name: 'Groupe électrogène' }));
    await user.click(within(dialog).getByRole('button', { name: L.createPartSubmit }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/api/parts',
        body: expect.objectContaining({
          reference: 'ROUL-6204',
          prix_unitaire: 45.5,
          fournisseurs: [{ nom: 'SKF Maroc', ice: '001234567000089', contact: 'M. Alami 0522', delai_jours: 7 }],
          types_equipement: ['GROUPE_ELECTROGENE'],
        }),
      },
    ]);
  });
});
