import { AUTH_TOASTS, HTTP_MESSAGES } from '@gmao/domain/common/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import { SessionProvider } from '../../../lib/session';
import { readToken } from '../../../lib/session-storage';
import { spyOnToasts } from '../../../lib/testing/toasts';
import { notify } from '../../../lib/toast';
import LoginRoute from '../routes/login';

beforeEach(() => {
  spyOnToasts();
});

const token = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 900 })).replace(/=+$/, '')}.s`;
const user = { id: 7, nom: 'Omar Tazi', username: 'o.tazi', section: null, role: 'Technicien', permissions: [] };
const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

function renderLogin(loginAnswer: () => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => (url === '/api/auth/login' ? loginAnswer() : answer(200, { success: true, data: user }))),
  );
  const router = createMemoryRouter(
    [
      { path: paths.login, element: <LoginRoute /> },
      { path: paths.dashboard, element: <p>Tableau de bord</p> },
      { path: paths.forgotPassword, element: <p>Mot de passe oublié</p> },
      { path: paths.register, element: <p>Demande d'accès</p> },
    ],
    { initialEntries: [paths.login] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

async function logIn(username = 'o.tazi', password = 'Atelier2024') {
  const u = userEvent.setup();
  await u.type(await screen.findByLabelText(/^Nom d'utilisateur ou email/), username);
  await u.type(screen.getByLabelText(/^Mot de passe/), password);
  await u.click(screen.getByRole('button', { name: 'Se connecter' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('login screen (spec §1, §2)', () => {
  it('advertises the three strengths and has its fields, the show/hide toggle, remember-me and the two links', async () => {
    renderLogin(() => answer(200, {}));
    for (const text of [
      'Gestion complète des interventions',
      'Suivi des équipements en temps réel',
      'Rapports et analyses détaillés',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    const password = screen.getByLabelText(/^Mot de passe/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Se souvenir de moi' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute('href', paths.forgotPassword);
    expect(screen.getByRole('link', { name: 'Demander un accès' })).toHaveAttribute('href', paths.register);
  });

  it('shows the spec messages, each cleared when its field is edited', async () => {
    renderLogin(() => answer(200, {}));
    await userEvent.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText("Le nom d'utilisateur est requis")).toBeInTheDocument();
    expect(screen.getByText('Le mot de passe est requis')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Nom d'utilisateur ou email/), 'a');
    expect(screen.queryByText("Le nom d'utilisateur est requis")).toBeNull();
    expect(screen.getByText('Le mot de passe est requis')).toBeInTheDocument();
  });

  it("a new attempt clears the last refusal's banner, even when it stops at a field's error", async () => {
    renderLogin(() => answer(401, { success: false, message: "Nom d'utilisateur ou mot de passe incorrect" }));
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent("Nom d'utilisateur ou mot de passe incorrect");
    await userEvent.clear(screen.getByLabelText(/^Mot de passe/));
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Le mot de passe est requis')).toBeInTheDocument();
    expect(screen.queryByText("Nom d'utilisateur ou mot de passe incorrect")).toBeNull();
  });

  it("reads 'Connexion en cours...' while the request runs", async () => {
    renderLogin(() => new Promise(() => {}));
    await logIn();
    expect(await screen.findByRole('button', { name: 'Connexion en cours...' })).toBeDisabled();
  });

  it("succeeds with success and a token: 'Bienvenue, {name}!', the session is stored, the user goes on", async () => {
    const router = renderLogin(() => answer(200, { success: true, data: { token, refreshToken: 'r1', user } }));
    await logIn();
    expect(await screen.findByText('Tableau de bord')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith(AUTH_TOASTS.loginSuccess('Omar Tazi'));
    expect(notify.success).toHaveBeenCalledWith('Bienvenue, Omar Tazi!');
    expect(readToken()).toBe(token);
    expect(router.state.location.pathname).toBe(paths.dashboard);
  });

  it.each([
    ['an answer without success', { success: false, message: 'Compte verrouillé' }, 'Compte verrouillé'],
    ['an answer without a token', { success: true, data: { user } }, AUTH_TOASTS.loginFailed],
  ])('%s fails with the server message or "Login failed"', async (_case, body, message) => {
    renderLogin(() => answer(200, body));
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(readToken()).toBeNull();
  });

  it.each([
    [
      'a refusal with a message',
      401,
      { success: false, message: "Nom d'utilisateur ou mot de passe incorrect" },
      "Nom d'utilisateur ou mot de passe incorrect",
    ],
    ['a refusal without a message', 503, '', AUTH_TOASTS.loginFailed],
    ['an unreadable answer', 200, 'pas du JSON', HTTP_MESSAGES.unexpected],
  ])('%s shows the form-level error', async (_case, status, body, message) => {
    renderLogin(() => answer(status, body));
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('remember-me keeps the username for the next visit', async () => {
    renderLogin(() => answer(200, { success: true, data: { token, refreshToken: 'r1', user } }));
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/^Nom d'utilisateur ou email/), 'n.elfassi');
    await u.type(screen.getByLabelText(/^Mot de passe/), 'Atelier2024');
    await u.click(screen.getByRole('checkbox', { name: 'Se souvenir de moi' }));
    await u.click(screen.getByRole('button', { name: 'Se connecter' }));
    await screen.findByText('Tableau de bord');
    expect(localStorage.getItem('remembered_username')).toBe('n.elfassi');
  });
});
