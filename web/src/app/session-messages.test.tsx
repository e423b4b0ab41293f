import { AUTH_TOASTS, HTTP_MESSAGES } from '@gmao/domain/common/messages';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginRoute from '../features/auth/routes/login';
import { api } from '../lib/api-client';
import { paths } from '../lib/paths';
import { SessionProvider, useSession } from '../lib/session';
import { readUser, STORAGE_KEYS, saveSession } from '../lib/session-storage';
import { RequireAuth } from './guards';

/** Session messages of spec §5 "Other" and §8 at start-up and on expiry, seen the way a user meets them. */

// The toasts recorded by spies on react-hot-toast (not a vi.mock: the file shares its worker), set before each test.
const toastError = vi.fn();
beforeEach(() => {
  vi.spyOn(toast, 'error').mockImplementation((...args) => toastError(...args));
  vi.spyOn(toast, 'success').mockReturnValue('');
});

const token = (expiresInSeconds: number) =>
  `h.${btoa(JSON.stringify({ sub: '7', exp: Math.floor(Date.now() / 1000) + expiresInSeconds })).replace(/=+$/, '')}.s`;
const omar = {
  id: 7,
  nom: 'Omar Tazi',
  username: 'o.tazi',
  section: null,
  role: 'Technicien',
  roleId: 3,
  permissions: ['clients:read'],
};
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

type Handler = (url: string, init?: RequestInit) => Promise<Response> | undefined;
/** fetch answering the profile read, the refresh and the page's own call; `handler` may answer first. */
function stubFetch(handler: Handler) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url === '/api/auth/profile') return json(200, { success: true, data: omar });
    return json(404, { success: false, message: 'Introuvable' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function ClientsPage() {
  useQuery({ queryKey: ['clients'], queryFn: () => api.get('/clients') });
  return <p>Liste des clients</p>;
}

function RoleLine() {
  const { user } = useSession();
  return <p>Rôle : {user?.role}</p>;
}

function renderApp(initialEntry: string) {
  const router = createMemoryRouter(
    [
      { path: paths.login, element: <LoginRoute /> },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.clients, element: <ClientsPage /> },
          { path: paths.dashboard, element: <RoleLine /> },
        ],
      },
    ],
    { initialEntries: [initialEntry] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

const errorToasts = () => toastError.mock.calls.map(([message]) => message);

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toastError.mockClear();
});

describe('start-up', () => {
  it('re-reads the profile, so a role an administrator changed applies without logging in again', async () => {
    saveSession({ token: token(900), refreshToken: 'r1', user: omar });
    stubFetch((url) =>
      url === '/api/auth/profile' ? json(200, { success: true, data: { ...omar, role: 'Responsable' } }) : undefined,
    );
    renderApp(paths.dashboard);
    expect(await screen.findByText('Rôle : Responsable')).toBeInTheDocument();
    expect(readUser()?.role).toBe('Responsable');
  });

  it("a failed profile read says 'Failed to fetch profile' and keeps the stored session", async () => {
    saveSession({ token: token(900), refreshToken: 'r1', user: omar });
    stubFetch((url) => (url === '/api/auth/profile' ? json(500, { success: false, message: 'boom' }) : undefined));
    renderApp(paths.dashboard);
    await waitFor(() => expect(errorToasts()).toEqual([AUTH_TOASTS.profileFetchFailed]));
    expect(screen.getByText('Rôle : Technicien')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
  });

  it("storage that cannot be read says 'Failed to initialize authentication' and shows the login page", async () => {
    stubFetch(() => undefined);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Stockage désactivé', 'SecurityError');
    });
    const router = renderApp(paths.dashboard);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TOASTS.initFailed);
    expect(errorToasts()).toEqual([AUTH_TOASTS.initFailed]);
    expect(router.state.location.pathname).toBe(paths.login);
  });

  it('an expired access token with a valid refresh token is renewed at start: the user stays signed in', async () => {
    saveSession({ token: token(-60), refreshToken: 'r1', user: omar });
    const renewed = token(900);
    const fetchMock = stubFetch((url) =>
      url === '/api/auth/refresh-token'
        ? json(200, { success: true, data: { token: renewed, refreshToken: 'r2', user: omar } })
        : undefined,
    );
    const router = renderApp(paths.dashboard);
    expect(await screen.findByText('Rôle : Technicien')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard);
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(renewed));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/refresh-token');
    expect(errorToasts()).toEqual([]);
  });

  it("an expired access token whose refresh fails: 'Session expired' and 'Token refresh failed'", async () => {
    saveSession({ token: token(-60), refreshToken: 'r-revoked', user: omar });
    const fetchMock = stubFetch((url) =>
      url === '/api/auth/refresh-token' ? json(401, { success: false, message: 'Jeton invalide' }) : undefined,
    );
    const router = renderApp(paths.clients);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TOASTS.refreshFailed);
    expect(errorToasts()).toEqual([HTTP_MESSAGES.sessionExpired]);
    expect(router.state.location.state).toEqual({ from: paths.clients });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh-token']);
  });
});

describe('a 401 during the session', () => {
  it("with no refresh token: 'Session expired' toast, 'No token to refresh' on the login page", async () => {
    saveSession({ token: token(900), user: omar });
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/clients') ? json(401, { success: false, message: 'Session invalide' }) : undefined,
    );
    const router = renderApp('/clients?page=2');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TOASTS.noTokenToRefresh);
    expect(errorToasts()).toEqual([HTTP_MESSAGES.sessionExpired]);
    expect(router.state.location).toMatchObject({ pathname: paths.login, state: { from: '/clients?page=2' } });
    // no refresh was attempted without a refresh token
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/refresh-token')).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("when the refresh fails: 'Token refresh failed', then logging in returns to the page", async () => {
    saveSession({ token: token(900), refreshToken: 'r-revoked', user: omar });
    let loggedInAgain = false;
    stubFetch((url) => {
      if (url === '/api/auth/refresh-token') return json(401, { success: false, message: 'Jeton invalide' });
      if (url === '/api/auth/login') {
        loggedInAgain = true;
        return json(200, { success: true, data: { token: token(900), refreshToken: 'r2', user: omar } });
      }
      if (url.startsWith('/api/clients')) {
        return loggedInAgain ? json(200, { success: true, data: [] }) : json(401, { success: false, message: 'x' });
      }
      return undefined;
    });
    const router = renderApp('/clients?page=2');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TOASTS.refreshFailed);
    expect(errorToasts()).toEqual([HTTP_MESSAGES.sessionExpired]);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Nom d'utilisateur/), 'o.tazi');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Atelier2024');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Liste des clients')).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: paths.clients, search: '?page=2' });
  });
});
