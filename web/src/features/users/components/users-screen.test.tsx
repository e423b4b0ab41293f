import { USER_FORM_MESSAGES, USERS_SCREEN } from '@gmao/domain/users/messages';
import type { AdminUser } from '@gmao/domain/users/user-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { UsersScreen } from './users-screen';

const user = (id: number, nom: string, extra: Partial<AdminUser> = {}): AdminUser => ({
  id,
  nom,
  username: nom.toLowerCase().replace(/\s+/g, '_'),
  email: null,
  section: null,
  section_id: null,
  requestedSection: null,
  role: { id: 1, nom: 'Administrateur' },
  role_id: 1,
  permissions: ['clients:read'],
  enabled: true,
  pending: false,
  createdAt: '2024-05-02T10:00:00.000Z',
  updatedAt: '2024-05-02T10:00:00.000Z',
  ...extra,
});

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function mockApi(usersResponse: () => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/api/users?') && url.includes('pending=true')) {
        return json(200, { success: true, data: [], pagination: { total: 0, pages: 0, page: 1, limit: 100 } });
      }
      if (url.startsWith('/api/users')) return usersResponse();
      if (url.startsWith('/api/roles')) return json(200, { success: true, data: [{ id: 2, nom: 'Technicien' }] });
      if (url.startsWith('/api/sections')) return json(200, { success: true, data: [] });
      return json(404, { success: false, message: 'not found' });
    }),
  );
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <UsersScreen />
    </QueryClientProvider>,
    signedIn({ id: 1, nom: 'Administrateur', role: 'Administrateur' }),
  );
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('UsersScreen', () => {
  it('shows the load-failure state with a retry button', async () => {
    mockApi(() => json(500, { success: false, message: 'boom' }));
    renderScreen();
    expect(await screen.findByText(USERS_SCREEN.loadErrorTitle)).toBeInTheDocument();
    expect(screen.getByText(USERS_SCREEN.loadErrorText)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: USERS_SCREEN.retry })).toBeInTheDocument();
  });

  it('shows the empty message when no user matches', async () => {
    mockApi(() => json(200, { success: true, data: [], pagination: { total: 0, pages: 0, page: 1, limit: 10 } }));
    renderScreen();
    expect(await screen.findByText(USERS_SCREEN.empty)).toBeInTheDocument();
  });

  it('lists users; delete is disabled for oneself and asks for confirmation for others', async () => {
    mockApi(() =>
      json(200, {
        success: true,
        data: [user(1, 'Administrateur'), user(7, 'Karim Alaoui', { enabled: false, pending: true })],
        pagination: { total: 2, pages: 1, page: 1, limit: 10 },
      }),
    );
    renderScreen();
    const row = (await screen.findByText('Karim Alaoui')).closest('tr') as HTMLElement;
    expect(within(row).getByText('@karim_alaoui')).toBeInTheDocument();
    expect(within(row).getByText('Inactif')).toBeInTheDocument();
    expect(within(row).getByText(USERS_SCREEN.pending)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer Administrateur' })).toBeDisabled();
    await userEvent.click(within(row).getByRole('button', { name: 'Supprimer Karim Alaoui' }));
    expect(screen.getByText(USERS_SCREEN.deleteConfirm('Karim Alaoui'))).toBeInTheDocument();
  });

  it('the new-user form accepts the usernames the spec allows, e.g. n.elfassi (registration keeps its own rules)', async () => {
    mockApi(() => json(200, { success: true, data: [], pagination: { total: 0, pages: 0, page: 1, limit: 10 } }));
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: USERS_SCREEN.newUser }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvel utilisateur' });
    await userEvent.type(within(dialog).getByLabelText(/Nom complet/), 'Nadia El Fassi');
    await userEvent.type(within(dialog).getByLabelText(/Nom d'utilisateur/), 'n.elfassi');
    await userEvent.type(within(dialog).getByLabelText(/Mot de passe/), 'Atelier-2024');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Rôle/ }));
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Technicien' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    const posts = () =>
      vi
        .mocked(fetch)
        .mock.calls.filter(([, init]) => init?.method === 'POST')
        .map(([url, init]) => [url, JSON.parse(String(init?.body))]);
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual(['/api/users', expect.objectContaining({ username: 'n.elfassi', role_id: 2 })]);
    expect(within(dialog).queryByText(USER_FORM_MESSAGES.usernameChars)).toBeNull();
  });

  it('the new-user form shows the spec validation messages', async () => {
    mockApi(() => json(200, { success: true, data: [], pagination: { total: 0, pages: 0, page: 1, limit: 10 } }));
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: USERS_SCREEN.newUser }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvel utilisateur' });
    await userEvent.type(within(dialog).getByLabelText(/Nom d'utilisateur/), 'ab');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText(USER_FORM_MESSAGES.nomRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(USER_FORM_MESSAGES.usernameMin)).toBeInTheDocument();
    expect(within(dialog).getByText(USER_FORM_MESSAGES.passwordRequiredForNew)).toBeInTheDocument();
    expect(within(dialog).getByText(USER_FORM_MESSAGES.roleRequired)).toBeInTheDocument();
  });
});
