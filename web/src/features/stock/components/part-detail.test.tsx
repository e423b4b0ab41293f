import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { STOCK_LABELS as L } from '@gmao/domain/stock/stock-labels';
import { type PartDetail, STOCK_MESSAGES, type StockMovement } from '@gmao/domain/stock/stock-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { MovementFormModal } from './movement-form-modal';
import { PartDetailModal } from './part-detail-modal';

/** Issue 18 screens: a part's stock per location and its movements; the movement form's rules and request. */

const granted = new Set<string>();

const plain = (s: string | null) =>
  (s ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const part: PartDetail = {
  id: 5,
  reference: 'ROUL-6204',
  designation: 'Roulement 6204',
  famille: 'Roulements',
  unite: 'pièce',
  prix_unitaire: 45.5,
  seuil_reappro: 4,
  quantite_reappro: 10,
  photo: false,
  fournisseurs: [{ nom: 'SKF Maroc', ice: '001234567000089', contact: 'M. Alami', delai_jours: 7 }],
  types_equipement: [],
  on_hand: 8,
  reserved: 1,
  available: 7,
  low_stock: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  stock: {
    locations: [
      {
        location_id: 1,
        location_nom: 'Magasin central',
        location_type: 'MAGASIN',
        on_hand: 6,
        reserved: 1,
        available: 5,
      },
      {
        location_id: 2,
        location_nom: 'Camion Karim',
        location_type: 'VEHICULE',
        on_hand: 2,
        reserved: 0,
        available: 2,
      },
    ],
    total: { on_hand: 8, reserved: 1, available: 7 },
  },
};
const movements: StockMovement[] = [
  {
    id: 31,
    part_id: 5,
    location_id: 2,
    type: 'AJUSTEMENT',
    quantite: -1,
    motif: 'Pièce cassée',
    intervention_id: null,
    part_request_id: null,
    user_id: 1,
    createdAt: '2026-11-03T09:30:00.000Z',
  },
  {
    id: 30,
    part_id: 5,
    location_id: 1,
    type: 'SORTIE',
    quantite: -2,
    motif: null,
    intervention_id: 77,
    part_request_id: null,
    user_id: 1,
    createdAt: '2026-11-02T09:30:00.000Z',
  },
];
const locations = [
  { id: 1, nom: 'Magasin central', type: 'MAGASIN', technicien_id: null, client_id: null, createdAt: '' },
  { id: 2, nom: 'Camion Karim', type: 'VEHICULE', technicien_id: 3, client_id: null, createdAt: '' },
];

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let write: () => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;
const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String((init as RequestInit).body)) }));

beforeEach(() => {
  granted.clear();
  write = () => json(201, { success: true, data: [] });
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method && init.method !== 'GET') return write();
    if (url.startsWith('/api/parts/5/photo')) {
      return Promise.resolve(new Response('png', { status: 200, headers: { 'content-type': 'image/png' } }));
    }
    if (url.startsWith('/api/parts/5')) return json(200, { success: true, data: part });
    if (url.startsWith('/api/stock/locations')) return json(200, { success: true, data: locations });
    if (url.startsWith('/api/stock/movements')) {
      return json(200, { success: true, data: movements, pagination: { total: 2, pages: 1, page: 1, limit: 10 } });
    }
    return json(404, { success: false, message: 'introuvable' });
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

describe('part detail', () => {
  it('shows the stock per location (en stock, réservé, disponible) with the total, and the movements', async () => {
    granted.add(PERMISSIONS.STOCK_READ);
    renderIn(<PartDetailModal partId={5} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'ROUL-6204 — Roulement 6204' });
    const stock = within(dialog).getByRole('table', { name: L.sectionStock });
    const rows = within(stock)
      .getAllByRole('row')
      .map((r) => plain(r.textContent));
    expect(rows).toEqual([
      'EmplacementEn stockRéservéDisponible',
      'Magasin centralMagasin615',
      'Camion KarimVéhicule202',
      'Total817',
    ]);
    const history = await within(dialog).findByRole('table', { name: L.sectionMovements });
    await within(history).findByText('Pièce cassée');
    const lines = within(history)
      .getAllByRole('row')
      .slice(1)
      .map((r) => plain(r.textContent));
    expect(lines[0]).toMatch(/^Ajustement-1 pièceCamion Karim03\/11\/2026 \d\d:30Pièce cassée-$/);
    expect(lines[1]).toMatch(/^Sortie-2 piècesMagasin central02\/11\/2026 \d\d:30-Intervention n° 77$/);
    expect(within(history).getByRole('link', { name: 'Intervention n° 77' })).toHaveAttribute(
      'href',
      '/interventions/77',
    );
    // the suppliers with their ICE, contact and lead time
    expect(plain(within(dialog).getByText('SKF Maroc').closest('li')?.textContent ?? '')).toBe(
      'SKF Maroc · ICE 001234567000089 · M. Alami · délai 7 j',
    );
    // a reader gets no stock actions
    expect(within(dialog).queryByRole('button', { name: L.movementAction })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: L.deleteAction })).toBeNull();
  });

  it("shows the server's refusal when a part with movements is deleted", async () => {
    granted.add(PERMISSIONS.STOCK_READ).add(PERMISSIONS.STOCK_MANAGE);
    write = () => json(409, { success: false, message: STOCK_MESSAGES.partInUse });
    const user = userEvent.setup();
    renderIn(<PartDetailModal partId={5} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'ROUL-6204 — Roulement 6204' });
    await user.click(within(dialog).getByRole('button', { name: L.deleteAction }));
    await user.click(await screen.findByRole('button', { name: 'Supprimer définitivement' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(STOCK_MESSAGES.partInUse);
    expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/parts/5' && i?.method === 'DELETE')).toBe(true);
  });
});

describe('movement form', () => {
  async function openForm() {
    granted.add(PERMISSIONS.STOCK_MANAGE);
    const onClose = vi.fn();
    renderIn(<MovementFormModal part={part} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: L.movementTitle(part.designation) });
    // the central store is chosen once the locations arrive
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText(new RegExp(`^${L.movementLocation}`))).toHaveValue('1'),
    );
    return { dialog, onClose, user: userEvent.setup() };
  }

  it('an adjustment needs its motif; with it, the signed quantity is sent', async () => {
    const { dialog, onClose, user } = await openForm();
    await user.selectOptions(within(dialog).getByLabelText(new RegExp(`^${L.movementType}`)), 'AJUSTEMENT');
    await user.type(within(dialog).getByLabelText(/^Correction/), '-1');
    await user.click(within(dialog).getByRole('button', { name: L.movementSubmit }));
    await within(dialog).findByText(STOCK_MESSAGES.motifRequired);
    expect(posts()).toEqual([]);
    await user.type(within(dialog).getByLabelText(new RegExp(`^${L.movementMotif}`)), 'Inventaire');
    await user.click(within(dialog).getByRole('button', { name: L.movementSubmit }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([
      {
        url: '/api/stock/movements',
        body: {
          part_id: 5,
          location_id: 1,
          type: 'AJUSTEMENT',
          quantite: -1,
          motif: 'Inventaire',
          location_dest_id: null,
        },
      },
    ]);
  });

  it('a transfer needs a destination other than its origin', async () => {
    const { dialog, onClose, user } = await openForm();
    expect(within(dialog).queryByLabelText(new RegExp(`^${L.movementDest}`))).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText(new RegExp(`^${L.movementType}`)), 'TRANSFERT');
    await user.type(within(dialog).getByLabelText(/^Quantité/), '2');
    await user.click(within(dialog).getByRole('button', { name: L.movementSubmit }));
    await within(dialog).findByText(STOCK_MESSAGES.destRequired);
    const dest = within(dialog).getByLabelText(new RegExp(`^${L.movementDest}`));
    await user.selectOptions(dest, '1');
    await user.click(within(dialog).getByRole('button', { name: L.movementSubmit }));
    await within(dialog).findByText(STOCK_MESSAGES.destSame);
    await user.selectOptions(dest, '2');
    await user.click(within(dialog).getByRole('button', { name: L.movementSubmit }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts().map((p) => p.body)).toEqual([
      { part_id: 5, location_id: 1, type: 'TRANSFERT', quantite: 2, motif: null, location_dest_id: 2 },
    ]);
  });

  it("shows the server's refusal (not enough stock) and stays open", async () => {
    const message = STOCK_MESSAGES.insufficient('Roulement 6204', 5);
    write = () => json(409, { success: false, message });
    const { dialog, onClose, user } = await openForm();
    await user.type(within(dialog).getByLabelText(/^Quantité/), '9');
    await user.click(within(dialog).getByRole('button', { name: L.movementSubmit }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a manager adds a photo: a multipart PUT of the chosen image', async () => {
    granted.add(PERMISSIONS.STOCK_READ).add(PERMISSIONS.STOCK_MANAGE);
    const user = userEvent.setup();
    renderIn(<PartDetailModal partId={5} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'ROUL-6204 — Roulement 6204' });
    expect(within(dialog).getByText(L.noPhoto)).toBeTruthy();
    const image = new File(['png'], 'roulement.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText(L.photoAdd), image);
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/parts/5/photo' && i?.method === 'PUT')).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([u, i]) => u === '/api/parts/5/photo' && i?.method === 'PUT') ?? [];
    expect(((init as RequestInit).body as FormData).get('file')).toBe(image);
  });

  it('shows the stored photo; a reader gets no photo action', async () => {
    granted.add(PERMISSIONS.STOCK_READ);
    part.photo = true;
    const created = vi.fn(() => 'blob:photo-5');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    try {
      renderIn(<PartDetailModal partId={5} onClose={() => undefined} />);
      const dialog = await screen.findByRole('dialog', { name: 'ROUL-6204 — Roulement 6204' });
      const img = await within(dialog).findByRole('img', { name: L.photoAlt('ROUL-6204') });
      expect(img.getAttribute('src')).toBe('blob:photo-5');
      expect(within(dialog).queryByRole('button', { name: L.photoReplace })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: L.photoRemove })).toBeNull();
    } finally {
      part.photo = false;
    }
  });
});
