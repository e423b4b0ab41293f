import type { Equipment, EquipmentDetail } from '@gmao/domain/equipment/equipment-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { EquipmentList } from './equipment-list';

const granted = new Set<string>();

const row: Equipment = {
  id: 7,
  nom: 'Onduleur Galaxy',
  marque: 'APC',
  modele: 'Galaxy VS',
  numero_serie: null,
  type_equipement: 'GROUPE_ELECTROGENE',
  etatDeReception: null,
  valeur: '1234567.89',
  cout: null,
  proprietaire_id: 3,
  proprietaire: {
    id: 3,
    nom_entreprise: 'Atlas Textiles SARL',
    ville: 'Casablanca',
    contact_principal: 'Nadia',
    telephone_contact: '212612345678',
  },
  latestInterventionStatus: null,
  interventionCount: 0,
  createdAt: '2024-05-02T10:00:00.000Z',
  updatedAt: '2024-05-02T10:00:00.000Z',
  creerPar: null,
};
const detail: EquipmentDetail = {
  ...row,
  latestInterventionStatus: 'EN_COURS',
  maintenanceStats: { totalInterventions: 3, completedInterventions: 1, urgentInterventions: 1 },
  interventions: [
    {
      id: 1,
      date: '2024-06-01',
      description: 'Remplacement des batteries',
      statut: 'EN_COURS',
      urgence: true,
      creerPar: null,
    },
  ],
};

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

beforeEach(() => {
  granted.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/api/equipment/types')) return json({ success: true, data: ['GROUPE_ELECTROGENE'] });
      if (url.startsWith('/api/equipment/7')) return json({ success: true, data: detail });
      return json({ success: true, data: [row], pagination: { total: 1, pages: 1, page: 1, limit: 10 } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderList(props: Parameters<typeof EquipmentList>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <EquipmentList {...props} />
      </QueryClientProvider>
    </MemoryRouter>,
    signedIn({ permissions: [...granted] }),
  );
}

describe('EquipmentList', () => {
  it('shows the spec columns and only the actions the user may take', async () => {
    granted.add('equipment:read');
    renderList();
    const tableRow = (await screen.findByText('Onduleur Galaxy')).closest('tr') as HTMLElement;
    expect(within(tableRow).getByText('Groupe électrogène')).toBeInTheDocument();
    expect(within(tableRow).getByText('Aucune intervention')).toBeInTheDocument();
    expect(within(tableRow).getByText('-')).toBeInTheDocument();
    expect(within(tableRow).getByRole('button', { name: 'Voir Onduleur Galaxy' })).toBeInTheDocument();
    expect(within(tableRow).queryByRole('button', { name: 'Modifier Onduleur Galaxy' })).toBeNull();
    expect(within(tableRow).queryByRole('button', { name: 'Supprimer Onduleur Galaxy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nouvel équipement' })).toBeNull();
  });

  it("offers 'Nouvelle Intervention' only when wired and allowed, and passes the equipment", async () => {
    granted.add('equipment:read').add('equipment:update').add('interventions:create');
    const onNewIntervention = vi.fn();
    renderList({ initialDetailId: 7, onNewIntervention });
    const dialog = await screen.findByRole('dialog', { name: 'Onduleur Galaxy' });
    expect(await within(dialog).findByText('Remplacement des batteries')).toBeInTheDocument();
    expect(within(dialog).getByText('URGENT')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nouvelle Intervention' }));
    expect(onNewIntervention).toHaveBeenCalledWith({ id: 7, nom: 'Onduleur Galaxy' });
  });

  it("hides 'Nouvelle Intervention' without the permission or without the app's handler", async () => {
    granted.add('equipment:read');
    const { unmount } = renderList({ initialDetailId: 7, onNewIntervention: vi.fn() });
    const dialog = await screen.findByRole('dialog', { name: 'Onduleur Galaxy' });
    expect(within(dialog).queryByRole('button', { name: 'Nouvelle Intervention' })).toBeNull();
    unmount();
    granted.add('interventions:create');
    renderList({ initialDetailId: 7 });
    const again = await screen.findByRole('dialog', { name: 'Onduleur Galaxy' });
    expect(within(again).queryByRole('button', { name: 'Nouvelle Intervention' })).toBeNull();
  });
});
