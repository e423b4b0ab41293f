import { PASSWORD_MESSAGES } from '@gmao/domain/auth/password-policy';
import { PASSWORD_CHANGE_SCREEN } from '@gmao/domain/common/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { paths } from '../../lib/paths';
import { SessionProvider } from '../../lib/session';
import { readUser, saveSession } from '../../lib/session-storage';
import { spyOnToasts } from '../../lib/testing/toasts';
import { RequireAuth, RequirePasswordChanged } from '../guards';
import ChangePasswordRoute from './change-password';

beforeEach(() => {
  spyOnToasts();
});

const fakeToken = () =>
  `h.${btoa(JSON.stringify({ sub: '7', exp: Math.floor(Date.now() / 1000) + 900 })).replace(/=+$/, '')}.s`;
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

/** The router's shape: the change screen inside RequireAuth, every other page behind RequirePasswordChanged. */
function renderApp() {
  const router = createMemoryRouter(
    [
      { path: paths.login, element: <p>Page de connexion</p> },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.changePassword, element: <ChangePasswordRoute /> },
          {
            element: <RequirePasswordChanged />,
            children: [{ path: paths.dashboard, element: <p>Tableau de bord</p> }],
          },
        ],
      },
    ],
    { initialEntries: [paths.dashboard] },
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

async function fill(current: string, next: string) {
  await userEvent.clear(screen.getByLabelText(/^Mot de passe actuel/));
  await userEvent.type(screen.getByLabelText(/^Mot de passe actuel/), current);
  await userEvent.clear(screen.getByLabelText(/^Nouveau mot de passe/));
  await userEvent.type(screen.getByLabelText(/^Nouveau mot de passe/), next);
  await userEvent.clear(screen.getByLabelText(/^Confirmer le nouveau mot de passe/));
  await userEvent.type(screen.getByLabelText(/^Confirmer le nouveau mot de passe/), next);
  await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
}

beforeEach(() => {
  saveSession({ token: fakeToken(), refreshToken: 'r1', user: { ...omar, mustChangePassword: true } });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

it('sends a user whose password an administrator chose to the change screen, then on to the app', async () => {
  const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    // the start-up profile read (session.tsx) still reports the obligation
    if (init?.method === 'GET') return json(200, { success: true, data: { ...omar, mustChangePassword: true } });
    const body = JSON.parse(String(init?.body));
    if (body.newPassword === 'Qwerty12345') {
      return json(400, {
        success: false,
        message: PASSWORD_MESSAGES.common,
        details: [{ field: 'newPassword', msg: PASSWORD_MESSAGES.common }],
      });
    }
    return json(200, {
      success: true,
      message: 'Mot de passe modifié avec succès',
      data: { token: fakeToken(), refreshToken: 'r2', user: { ...omar, mustChangePassword: false } },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = renderApp();

  expect(await screen.findByRole('heading', { name: PASSWORD_CHANGE_SCREEN.title })).toBeInTheDocument();
  expect(screen.getByText(PASSWORD_CHANGE_SCREEN.required)).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(paths.changePassword);

  // the form's own rules first (no request)…
  await fill('Premier-Acces-1', 'court1');
  expect(await screen.findByText(PASSWORD_MESSAGES.min)).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/profile', expect.objectContaining({ method: 'PUT' }));

  // …then the server's: the common-password list is only checked there, its message shows under the field
  await fill('Premier-Acces-1', 'Qwerty12345');
  expect(await screen.findByText(PASSWORD_MESSAGES.common)).toBeInTheDocument();
  expect(screen.getByLabelText(/^Nouveau mot de passe/)).toHaveAttribute('aria-invalid', 'true');
  expect(fetchMock).toHaveBeenCalledWith('/api/auth/profile', expect.objectContaining({ method: 'PUT' }));

  await fill('Premier-Acces-1', 'Mon-Propre-Choix-7');
  expect(await screen.findByText('Tableau de bord')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
  expect(readUser()?.mustChangePassword).toBeUndefined();
  expect(localStorage.getItem('refresh_token')).toBe('r2');
});

it('lets a user without the obligation reach the app directly', async () => {
  saveSession({ token: fakeToken(), refreshToken: 'r1', user: omar });
  renderApp();
  expect(await screen.findByText('Tableau de bord')).toBeInTheDocument();
});
