import type { Client } from '@gmao/domain/clients/client-schemas';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { ClientsList } from './clients-list';

/** Clients tab filters, client detail, the saving overlays and how failures are handled (spec §2, §8). */

const granted = new Set<string>();

const client: Client = {
  id: 3,
  nom_entreprise: 'Atlas Textiles SARL',
  secteur_activite: 'Textile',
  adresse: '12 rue Allal Ben Abdellah',
  ville: 'Casablanca',
  codePostal: '20000',
  tel: null,
  fax: null,
  email: null,
  siteWeb: null,
  contact_principal: 'Nadia Berrada',
  poste_contact: 'Responsable maintenance',
  telephone_contact: '0612345678',
  email_contact: 'nadia@atlas.ma',
  registre_commerce: 'RC 123456',
  ice: '001525874000088',
  forme_juridique: 'SARL',
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
let detail: Client = client;
let write: () => Promise<Response> = () => json(200, { success: true, data: client });
let fetchMock: ReturnType<typeof vi.fn>;
const lastList = () =>
  new URL(
    String(fetchMock.mock.calls.map(([u]) => String(u)).findLast((u) => u.startsWith('/api/clients?'))),
    'http://x',
  ).searchParams;

beforeEach(() => {
  granted.clear();
  detail = client;
  write = () => json(200, { success: true, data: client });
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method && init.method !== 'GET') return write();
    if (url.startsWith('/api/clients/sectors')) return json(200, { success: true, data: ['Textile', 'Mines'] });
    if (url.startsWith('/api/clients/3/portal-users'))
      return json(200, {
        success: true,
        data: [
          {
            id: 90,
            nom: 'Hamid Alaoui',
            username: 'h.alaoui@client.ma',
            email: 'h.alaoui@client.ma',
            droit: 'DEMANDEUR',
            notifications: true,
            en_attente: true,
            created_at: '2026-11-01T10:00:00.000Z',
          },
        ],
      });
    if (url.startsWith('/api/clients/3')) return json(200, { success: true, data: detail });
    if (url.startsWith('/api/equipment?'))
      return json(200, {
        success: true,
        data: [{ id: 31, nom: 'Transformateur T1', type_equipement: 'TRANSFORMATEUR' }],
        pagination: { total: 1, pages: 1, page: 1, limit: 10 },
      });
    if (url.startsWith('/api/interventions?'))
      return json(200, {
        success: true,
        data: [
          {
            id: 147,
            date: '2026-03-02',
            statut: 'EN_COURS',
            urgence: false,
            description: 'Révision',
            equipement: { nom: 'Transformateur T1' },
          },
        ],
        pagination: { total: 1, pages: 1, page: 1, limit: 10 },
      });
    return json(200, { success: true, data: [client], pagination: { total: 1, pages: 1, page: 1, limit: 10 } });
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
        <ClientsList variant="tab" />
      </QueryClientProvider>
    </MemoryRouter>,
    signedIn({ permissions: [...granted] }),
  );
}

describe('clients tab', () => {
  it('searches and filters by sector (the list the server merges: in use plus the fixed ones), back to page 1', async () => {
    granted.add('clients:read');
    const user = userEvent.setup();
    renderTab();
    await screen.findByText('Atlas Textiles SARL');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un client' }), 'Atlas');
    await vi.waitFor(() => expect(lastList().get('search')).toBe('Atlas'));
    await user.click(screen.getByRole('combobox', { name: 'Filtrer par secteur' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['Mines', 'Textile']));
    await user.click(screen.getByRole('option', { name: 'Mines' }));
    await vi.waitFor(() => expect(lastList().get('secteur_activite')).toBe('Mines'));
    expect(lastList().get('page')).toBe('1');
  });

  it('the detail shows the company header, contact, company and legal info, statistics and an edit button; an overlay click keeps it', async () => {
    granted.add('clients:read').add('clients:update');
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Voir Atlas Textiles SARL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails du client' });
    await within(dialog).findByText('Responsable maintenance');
    expect(within(dialog).getAllByText('Atlas Textiles SARL')).not.toHaveLength(0);
    for (const section of ['Contact', 'Entreprise', 'Informations légales']) {
      expect(within(dialog).getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(within(dialog).getByText('RC 123456')).toBeInTheDocument();
    const stats = within(dialog).getByRole('region', { name: 'Statistiques' });
    for (const text of ['2', '5', '02/05/2024', 'Administrateur'])
      expect(within(stats).getByText(text)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-overlay'));
    expect(screen.getByRole('dialog', { name: 'Détails du client' })).toBeInTheDocument();
  });

  it("the detail's 'Portail client' section lists the accounts, invites and removes them (issue 33)", async () => {
    granted.add('clients:read').add('clients:update');
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Voir Atlas Textiles SARL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails du client' });
    const section = await within(dialog).findByRole('region', { name: 'Portail client' });
    expect(await within(section).findByText('Hamid Alaoui')).toBeInTheDocument();
    expect(within(section).getByText('Demandeur')).toBeInTheDocument();
    expect(within(section).getByText('En attente')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Inviter' }));
    await user.type(within(section).getByLabelText(/^Nom/), 'Salma Idrissi');
    await user.type(within(section).getByLabelText(/^E-mail/), 'salma@client.ma');
    await user.click(within(section).getAllByRole('button', { name: 'Inviter' }).at(-1)!);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, init]) => u === '/api/clients/3/portal-users' && init?.method === 'POST'),
      ).toBe(true),
    );
    const post = fetchMock.mock.calls.find(
      ([u, init]) => u === '/api/clients/3/portal-users' && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      nom: 'Salma Idrissi',
      email: 'salma@client.ma',
      droit: 'LECTURE',
    });
  });

  it('the legal section is left out when the client has no legal info', async () => {
    granted.add('clients:read');
    detail = { ...client, registre_commerce: null, ice: null, forme_juridique: null };
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Voir Atlas Textiles SARL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails du client' });
    await within(dialog).findByRole('heading', { name: 'Contact' });
    expect(within(dialog).queryByRole('heading', { name: 'Informations légales' })).toBeNull();
  });
});

describe('client form: overlays and failures', () => {
  it("shows 'Création du client...' while saving a new client", async () => {
    granted.add('clients:read').add('clients:create');
    write = () => new Promise(() => {});
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Nouveau Client' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouveau Client' });
    await user.type(within(dialog).getByLabelText(/Nom de l'entreprise/), 'Cimenterie du Nord');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le client' }));
    expect(await screen.findByText('Création du client...')).toBeInTheDocument();
  });

  it("shows 'Modification du client...' while saving an edit", async () => {
    granted.add('clients:read').add('clients:update');
    write = () => new Promise(() => {});
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Modifier Atlas Textiles SARL' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier le client' });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Modification du client...')).toBeInTheDocument();
  });

  it.each([
    ['create', 'Nouveau Client', 'Créer le client', MUTATION_MESSAGES.clientCreate.failure],
    ['update', 'Modifier Atlas Textiles SARL', 'Enregistrer', MUTATION_MESSAGES.clientUpdate.failure],
  ])('a failed %s is logged and the modal stays open', async (_action, open, submit, failure) => {
    granted.add('clients:read').add('clients:create').add('clients:update');
    write = () => json(500, { success: false, message: 'Erreur interne du serveur' });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: open }));
    const dialog = screen.getByRole('dialog');
    const name = within(dialog).getByLabelText(/Nom de l'entreprise/);
    if (!(name as HTMLInputElement).value) await user.type(name, 'Cimenterie du Nord');
    await user.click(within(dialog).getByRole('button', { name: submit }));
    await vi.waitFor(() => expect(console.error).toHaveBeenCalledWith(failure, expect.anything()));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a failed delete is logged the same way', async () => {
    granted.add('clients:read').add('clients:delete');
    write = () => json(409, { success: false, message: 'Le client possède encore 2 équipements' });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Supprimer Atlas Textiles SARL' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    await vi.waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(MUTATION_MESSAGES.clientDelete.failure, expect.anything()),
    );
  });

  it("the detail lists the client's equipment and latest interventions, each opening its own page", async () => {
    granted.add('clients:read').add('equipment:read').add('interventions:read');
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Voir Atlas Textiles SARL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails du client' });
    expect(await within(dialog).findByRole('link', { name: 'Transformateur T1' })).toHaveAttribute(
      'href',
      '/equipment/31',
    );
    expect(await within(dialog).findByRole('link', { name: '#147 — Transformateur T1' })).toHaveAttribute(
      'href',
      '/interventions/147',
    );
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/interventions?client_id=3&limit=10');
  });
});
