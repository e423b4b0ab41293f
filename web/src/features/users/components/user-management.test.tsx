import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { formatDateTime } from '@gmao/domain/format/format';
import type { AdminUser } from '@gmao/domain/users/user-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { spyOnToasts } from '../../../lib/testing/toasts';
import { notify } from '../../../lib/toast';
import { UsersScreen } from './users-screen';

beforeEach(() => {
  spyOnToasts();
});

/** 'Gestion des Utilisateurs' (spec §2): toolbar, filters, table, detail, toasts and refetch (§7, §8). */

const person = (id: number, nom: string, username: string, extra: Partial<AdminUser> = {}): AdminUser => ({
  id,
  nom,
  username,
  email: null,
  section: { id: 4, nom: 'Atelier de bobinage', isResponsible: false },
  section_id: 4,
  requestedSection: null,
  role: { id: 2, nom: 'Technicien' },
  role_id: 2,
  permissions: ['clients:read', 'interventions:update'],
  enabled: true,
  pending: false,
  createdAt: '2024-05-02T10:00:00.000Z',
  updatedAt: '2024-06-03T15:20:00.000Z',
  ...extra,
});
const me = person(1, 'Administrateur', 'admin', { role: { id: 1, nom: 'Administrateur' }, section: null });
const karim = person(7, 'Karim Alaoui', 'k.alaoui');
const salma = person(8, 'Salma Idrissi', 's.idrissi', { enabled: false });

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let write: () => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;
const userLists = () =>
  fetchMock.mock.calls
    .map(([u, init]) => [String(u), init?.method ?? 'GET'])
    .filter(([u, m]) => m === 'GET' && u.startsWith('/api/users?') && !u.includes('pending=true'))
    .map(([u]) => new URL(String(u), 'http://x').searchParams);

beforeEach(() => {
  write = () => json(200, { success: true, data: null, message: 'Utilisateur supprimé avec succès' });
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method && init.method !== 'GET') return write();
    if (url.includes('pending=true')) {
      return json(200, { success: true, data: [], pagination: { total: 0, pages: 0, page: 1, limit: 100 } });
    }
    if (url.startsWith('/api/users')) {
      return json(200, {
        success: true,
        data: [me, karim, salma],
        pagination: { total: 3, pages: 1, page: 1, limit: 10 },
      });
    }
    if (url.startsWith('/api/roles')) return json(200, { success: true, data: [{ id: 2, nom: 'Technicien' }] });
    if (url.startsWith('/api/sections'))
      return json(200, { success: true, data: [{ id: 4, nom: 'Atelier de bobinage' }] });
    return json(404, { success: false, message: 'not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderScreen() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UsersScreen />
    </QueryClientProvider>,
    signedIn({ id: 1, nom: 'Administrateur', role: 'Administrateur' }),
  );
}
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('users screen', () => {
  it('the table shows initials, name and @username, section, role badge, Actif/Inactif and the creation date', async () => {
    renderScreen();
    const row = await rowOf('Karim Alaoui');
    for (const text of ['KA', '@k.alaoui', 'Atelier de bobinage', 'Technicien', 'Actif', '02/05/2024']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(await rowOf('Salma Idrissi')).getByText('Inactif')).toBeInTheDocument();
  });

  it('searches by name or username and filters by role, section and status (Actifs / Inactifs uniquement)', async () => {
    const user = userEvent.setup();
    renderScreen();
    await rowOf('Karim Alaoui');
    const search = screen.getByRole('searchbox', { name: "Rechercher un utilisateur par nom ou nom d'utilisateur" });
    expect(search).toHaveAttribute('placeholder', "Nom ou nom d'utilisateur…");
    await user.type(search, 'karim');
    await vi.waitFor(() => expect(userLists().at(-1)?.get('search')).toBe('karim'));
    await user.click(screen.getByRole('combobox', { name: 'Filtrer par rôle' }));
    await user.click(screen.getByRole('option', { name: 'Technicien' }));
    await vi.waitFor(() => expect(userLists().at(-1)?.get('role_id')).toBe('2'));
    await user.click(screen.getByRole('combobox', { name: 'Filtrer par section' }));
    await user.click(screen.getByRole('option', { name: 'Atelier de bobinage' }));
    await vi.waitFor(() => expect(userLists().at(-1)?.get('section_id')).toBe('4'));
    await user.click(screen.getByRole('combobox', { name: 'Filtrer par statut' }));
    expect(screen.getByRole('option', { name: 'Actifs uniquement' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Inactifs uniquement' }));
    await vi.waitFor(() => expect(userLists().at(-1)?.get('enabled')).toBe('false'));
  });

  it('the refresh button reloads the list', async () => {
    const user = userEvent.setup();
    renderScreen();
    await rowOf('Karim Alaoui');
    const before = userLists().length;
    await user.click(screen.getByRole('button', { name: 'Actualiser la liste' }));
    await vi.waitFor(() => expect(userLists().length).toBe(before + 1));
  });

  it('the detail shows profile, role, permissions, created, last modified and status, with edit and delete', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(within(await rowOf('Karim Alaoui')).getByRole('button', { name: 'Voir Karim Alaoui' }));
    const dialog = screen.getByRole('dialog', { name: "Détails de l'utilisateur" });
    const created = formatDateTime(karim.createdAt);
    const modified = formatDateTime(karim.updatedAt);
    for (const text of ['Karim Alaoui', '@k.alaoui', 'Technicien', 'Actif', created, modified]) {
      expect(within(dialog).getByText(text, { exact: false })).toBeInTheDocument();
    }
    const permissions = within(dialog).getByRole('list', { name: 'Permissions' });
    expect(
      within(permissions)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('title')),
    ).toEqual(['clients:read', 'interventions:update']);
    expect(within(dialog).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
  });

  it("one's own detail has no delete button", async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(within(await rowOf('@admin')).getByRole('button', { name: 'Voir Administrateur' }));
    const dialog = screen.getByRole('dialog', { name: "Détails de l'utilisateur" });
    expect(within(dialog).queryByRole('button', { name: 'Supprimer' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
  });

  it('a delete toasts the server message, then the list is fetched again', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(within(await rowOf('Karim Alaoui')).getByRole('button', { name: 'Supprimer Karim Alaoui' }));
    const before = userLists().length;
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Utilisateur supprimé avec succès'));
    await vi.waitFor(() => expect(userLists().length).toBeGreaterThan(before));
  });

  it.each([
    [
      'the server message',
      { success: false, message: 'Impossible de supprimer le dernier administrateur actif' },
      'Impossible de supprimer le dernier administrateur actif',
    ],
    ['the default', {}, MUTATION_MESSAGES.userDelete.failure],
  ])('a failed delete is an error toast with %s', async (_case, body, message) => {
    write = () => json(422, body);
    const user = userEvent.setup();
    renderScreen();
    await user.click(within(await rowOf('Karim Alaoui')).getByRole('button', { name: 'Supprimer Karim Alaoui' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
  });

  it.each([
    ['create', MUTATION_MESSAGES.userCreate.failure],
    ['update', MUTATION_MESSAGES.userUpdate.failure],
  ])('a failed %s without a server message is the default error toast', async (action, message) => {
    write = () => Promise.reject(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderScreen();
    await rowOf('Karim Alaoui');
    if (action === 'create') {
      await user.click(screen.getByRole('button', { name: 'Nouvel utilisateur' }));
      const dialog = screen.getByRole('dialog', { name: 'Nouvel utilisateur' });
      await user.type(within(dialog).getByLabelText(/Nom complet/), 'Nadia El Fassi');
      await user.type(within(dialog).getByLabelText(/Nom d'utilisateur/), 'n.elfassi');
      await user.type(within(dialog).getByLabelText(/Mot de passe/), 'Atelier-2024');
      await user.click(within(dialog).getByRole('combobox', { name: /Rôle/ }));
      await user.click(await within(dialog).findByRole('option', { name: 'Technicien' }));
      await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    } else {
      await user.click(within(await rowOf('Karim Alaoui')).getByRole('button', { name: 'Modifier Karim Alaoui' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Enregistrer' }));
    }
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
  });
});
