import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import type { Equipment, EquipmentDetail } from '@gmao/domain/equipment/equipment-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { EquipmentList } from './equipment-list';

/** Equipment tab filter, equipment detail, the saving overlays and how failures are handled (spec §2, §8). */

const granted = new Set<string>();

const row: Equipment = {
  id: 7,
  nom: 'Onduleur Galaxy',
  marque: 'APC',
  modele: 'Galaxy VS',
  numero_serie: 'SN-0042',
  type_equipement: 'GROUPE_ELECTROGENE',
  etatDeReception: 'Neuf',
  valeur: '1234567.89',
  cout: '1500.50',
  proprietaire_id: 3,
  proprietaire: {
    id: 3,
    nom_entreprise: 'Atlas Textiles SARL',
    ville: 'Casablanca',
    contact_principal: 'Nadia Berrada',
    telephone_contact: '212612345678',
  },
  latestInterventionStatus: 'EN_COURS',
  interventionCount: 3,
  createdAt: '2024-05-02T10:00:00.000Z',
  updatedAt: '2024-05-02T10:00:00.000Z',
  creerPar: null,
};
const detail: EquipmentDetail = {
  ...row,
  maintenanceStats: { totalInterventions: 9, completedInterventions: 4, urgentInterventions: 2 },
  interventions: [1, 2, 3, 4, 5].map((id) => ({
    id,
    date: `2024-06-0${id}`,
    description: `Visite ${id}`,
    statut: 'TERMINEE',
    urgence: false,
    creerPar: null,
  })),
};

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let write: () => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;
const lastList = () =>
  new URL(
    String(fetchMock.mock.calls.map(([u]) => String(u)).findLast((u) => u.startsWith('/api/equipment?'))),
    'http://x',
  ).searchParams;

beforeEach(() => {
  granted.clear();
  write = () => json(200, { success: true, data: row });
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method && init.method !== 'GET') return write();
    if (url.startsWith('/api/equipment/types')) {
      return json(200, { success: true, data: ['GROUPE_ELECTROGENE', 'MOTEUR_ELECTRIQUE'] });
    }
    if (url.startsWith('/api/equipment/7/readings')) return json(200, { success: true, data: [] });
    if (url.startsWith('/api/equipment/7')) return json(200, { success: true, data: detail });
    if (url.startsWith('/api/clients')) {
      return json(200, {
        success: true,
        data: [{ id: 3, nom_entreprise: 'Atlas Textiles SARL', ville: 'Casablanca' }],
        pagination: { total: 1, pages: 1, page: 1, limit: 1000 },
      });
    }
    return json(200, { success: true, data: [row], pagination: { total: 1, pages: 1, page: 1, limit: 10 } });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderTab() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <EquipmentList variant="tab" />
      </QueryClientProvider>
    </MemoryRouter>,
    signedIn({ permissions: [...granted] }),
  );
}

describe('equipment tab', () => {
  it('filters by type, the server codes shown by their French labels', async () => {
    granted.add('equipment:read');
    const user = userEvent.setup();
    renderTab();
    await screen.findByText('Onduleur Galaxy');
    await user.click(screen.getByRole('combobox', { name: 'Filtrer par type' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Tous les types',
      'Groupe électrogène',
      'Moteur électrique',
    ]);
    await user.click(screen.getByRole('option', { name: 'Moteur électrique' }));
    await vi.waitFor(() => expect(lastList().get('type_equipement')).toBe('MOTEUR_ELECTRIQUE'));
  });

  it('the detail shows technical details, owner, financial info, maintenance totals and the five recent interventions; an overlay click keeps it', async () => {
    granted.add('equipment:read').add('equipment:update');
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Voir Onduleur Galaxy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Onduleur Galaxy' });
    await within(dialog).findByText('SN-0042');
    for (const section of [
      'Détails techniques',
      'Propriétaire',
      'Informations financières',
      'Historique de maintenance',
    ]) {
      expect(within(dialog).getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(within(dialog).getByText('Nadia Berrada')).toBeInTheDocument();
    expect(within(dialog).getByText('+212 6 12 34 56 78')).toBeInTheDocument();
    expect(dialog.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('1 234 567,89 MAD');
    const history = within(dialog).getByRole('heading', { name: 'Historique de maintenance' })
      .parentElement as HTMLElement;
    for (const figure of ['9', '4', '2']) expect(within(history).getByText(figure)).toBeInTheDocument();
    const recent = within(dialog).getByRole('heading', { name: 'Interventions récentes' }).parentElement as HTMLElement;
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    // each opens its intervention (issue 14: no dead ends)
    const links = within(recent).getAllByRole('link');
    expect(links).toHaveLength(5);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/interventions\/\d+$/);
    expect(within(dialog).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-overlay'));
    expect(screen.getByRole('dialog', { name: 'Onduleur Galaxy' })).toBeInTheDocument();
  });
});

describe('equipment form: overlays and failures', () => {
  it("shows 'Création de l'équipement...' while saving a new one", async () => {
    granted.add('equipment:read').add('equipment:create');
    write = () => new Promise(() => {});
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Nouvel équipement' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvel équipement' });
    await user.type(within(dialog).getAllByLabelText(/^Nom/)[0] as HTMLElement, 'Pompe P-12');
    await user.click(within(dialog).getByRole('combobox', { name: /Propriétaire/ }));
    await user.click(await screen.findByRole('option', { name: /Atlas Textiles SARL/ }));
    await user.click(within(dialog).getByRole('button', { name: "Créer l'équipement" }));
    expect(await screen.findByText("Création de l'équipement...")).toBeInTheDocument();
    // the owner dropdown loads every client (limit 1000, spec §7)
    expect(fetchMock).toHaveBeenCalledWith('/api/clients?limit=1000', expect.anything());
  });

  it('a failed create is logged and the modal stays open', async () => {
    granted.add('equipment:read').add('equipment:create');
    write = () => json(500, { success: false, message: 'Erreur interne du serveur' });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Nouvel équipement' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvel équipement' });
    await user.type(within(dialog).getAllByLabelText(/^Nom/)[0] as HTMLElement, 'Pompe P-12');
    await user.click(within(dialog).getByRole('combobox', { name: /Propriétaire/ }));
    await user.click(await screen.findByRole('option', { name: /Atlas Textiles SARL/ }));
    await user.click(within(dialog).getByRole('button', { name: "Créer l'équipement" }));
    await vi.waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(MUTATION_MESSAGES.equipmentCreate.failure, expect.anything()),
    );
    expect(screen.getByRole('dialog', { name: 'Nouvel équipement' })).toBeInTheDocument();
  });

  it("shows 'Modification de l'équipement...' while saving an edit", async () => {
    granted.add('equipment:read').add('equipment:update');
    write = () => new Promise(() => {});
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Modifier Onduleur Galaxy' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Modification de l'équipement...")).toBeInTheDocument();
  });

  it('a failed update is logged and the modal stays open; a failed delete is logged', async () => {
    granted.add('equipment:read').add('equipment:update').add('equipment:delete');
    write = () => json(500, { success: false, message: 'Erreur interne du serveur' });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Modifier Onduleur Galaxy' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(MUTATION_MESSAGES.equipmentUpdate.failure, expect.anything()),
    );
    expect(screen.getByRole('dialog', { name: "Modifier l'équipement" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer Onduleur Galaxy' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    await vi.waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(MUTATION_MESSAGES.equipmentDelete.failure, expect.anything()),
    );
  });

  it('keeps the delete confirmation open on an overlay click', async () => {
    granted.add('equipment:read').add('equipment:delete');
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Supprimer Onduleur Galaxy' }));
    await user.click(screen.getByTestId('modal-overlay'));
    expect(screen.getByRole('dialog', { name: 'Confirmer la suppression' })).toBeInTheDocument();
  });
});
