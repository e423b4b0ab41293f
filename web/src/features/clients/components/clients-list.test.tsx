import { CLIENT_MESSAGES, DELETE_CONFIRM } from '@gmao/domain/clients/client-constants';
import type { Client } from '@gmao/domain/clients/client-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { ClientsList } from './clients-list';

const granted = new Set<string>();

const client: Client = {
  id: 3,
  nom_entreprise: 'Atlas Textiles SARL',
  secteur_activite: 'Textile',
  adresse: null,
  ville: 'Casablanca',
  codePostal: null,
  tel: null,
  fax: null,
  email: null,
  siteWeb: null,
  contact_principal: 'Nadia Berrada',
  poste_contact: null,
  telephone_contact: '0612345678',
  email_contact: null,
  registre_commerce: null,
  ice: null,
  forme_juridique: null,
  equipmentCount: 2,
  interventionCount: 5,
  createdAt: '2024-05-02T10:00:00.000Z',
  updatedAt: '2024-05-02T10:00:00.000Z',
  creerPar: { id: 1, nom: 'Administrateur' },
  sectionId: null,
  section: null,
};

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let listStatus = 200;

beforeEach(() => {
  granted.clear();
  listStatus = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/api/clients/sectors')) return json(200, { success: true, data: ['Textile', 'Mines'] });
      if (listStatus !== 200) return json(listStatus, { success: false, message: 'boom' });
      return json(200, { success: true, data: [client], pagination: { total: 1, pages: 1, page: 1, limit: 10 } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ClientsList variant="tab" />
    </QueryClientProvider>,
    signedIn({ permissions: [...granted] }),
  );
}

describe('ClientsList', () => {
  it('shows company, sector, city, equipment count and contact with a formatted phone', async () => {
    granted.add('clients:read');
    renderList();
    const row = (await screen.findByText('Atlas Textiles SARL')).closest('tr') as HTMLElement;
    for (const text of ['Textile', 'Casablanca', '2', 'Nadia Berrada', '06 123 456 78']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).queryByRole('button', { name: 'Supprimer Atlas Textiles SARL' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nouveau Client' })).toBeNull();
  });

  it('validates the client form with the spec messages and keeps it open on overlay click', async () => {
    granted.add('clients:read').add('clients:create');
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Nouveau Client' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouveau Client' });
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'pas-un-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer le client' }));
    expect(await within(dialog).findByText(CLIENT_MESSAGES.nomEntrepriseRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CLIENT_MESSAGES.emailInvalid)).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('modal-overlay'));
    expect(screen.getByRole('dialog', { name: 'Nouveau Client' })).toBeInTheDocument();
  });

  it('asks for confirmation with the spec texts before deleting', async () => {
    granted.add('clients:read').add('clients:delete');
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Atlas Textiles SARL' }));
    const dialog = screen.getByRole('dialog', { name: DELETE_CONFIRM.title });
    expect(within(dialog).getByText(DELETE_CONFIRM.prompt)).toBeInTheDocument();
    expect(within(dialog).getByText('Atlas Textiles SARL')).toBeInTheDocument();
    expect(within(dialog).getByText(DELETE_CONFIRM.irreversible)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: DELETE_CONFIRM.confirm })).toBeInTheDocument();
  });

  it('keeps the delete confirmation open on an overlay click', async () => {
    granted.add('clients:read').add('clients:delete');
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Atlas Textiles SARL' }));
    await userEvent.click(screen.getByTestId('modal-overlay'));
    expect(screen.getByRole('dialog', { name: DELETE_CONFIRM.title })).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    granted.add('clients:read');
    listStatus = 500;
    renderList();
    expect(await screen.findByText('Erreur de chargement')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
