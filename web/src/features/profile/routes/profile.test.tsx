import { AUTH_TOASTS } from '@gmao/domain/common/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/toast';
import ProfileRoute from './profile';

/** Spec §8: profile update and password change toasts, the server's message preferred (§5 fallbacks). */

const session = vi.hoisted(() => ({ updateUser: vi.fn(), loginSuccess: vi.fn() }));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({
    user: { id: 7, nom: 'Omar Tazi', username: 'o.tazi', section: null, role: 'Technicien', permissions: [] },
    ...session,
  }),
}));
vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

let answer: () => Promise<Response>;
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => answer()),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderProfile() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProfileRoute />
    </QueryClientProvider>,
  );
}

async function saveName() {
  const user = userEvent.setup();
  const nom = screen.getByLabelText(/^Nom complet/);
  await user.clear(nom);
  await user.type(nom, 'Omar Tazi El Idrissi');
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
}

async function changePassword() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Atelier2024');
  await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Atelier-2025x');
  await user.type(screen.getByLabelText(/^Confirmer le nouveau mot de passe/), 'Atelier-2025x');
  await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
}

describe('profile update', () => {
  it("succeeds with the server's message ('Profil mis à jour avec succès') and replaces the session user", async () => {
    answer = () =>
      json(200, {
        success: true,
        data: { id: 7, nom: 'Omar Tazi El Idrissi' },
        message: 'Profil mis à jour avec succès',
      });
    renderProfile();
    await saveName();
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith(AUTH_TOASTS.profileUpdated));
    expect(session.updateUser).toHaveBeenCalledWith(expect.objectContaining({ nom: 'Omar Tazi El Idrissi' }));
  });

  it.each([
    ['the server message', () => json(422, { success: false, message: 'Nom refusé' }), 'Nom refusé'],
    ["'Profile update failed' without one", offline, AUTH_TOASTS.profileUpdateFailed],
  ])('a failure shows %s', async (_case, response, message) => {
    answer = response;
    renderProfile();
    await saveName();
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
  });
});

describe('password change', () => {
  it("succeeds with 'Mot de passe modifié avec succès' and the new session", async () => {
    answer = () =>
      json(200, {
        success: true,
        data: { token: 't', refreshToken: 'r', user: { id: 7 } },
        message: 'Mot de passe modifié avec succès',
      });
    renderProfile();
    await changePassword();
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith(AUTH_TOASTS.passwordChanged));
    expect(session.loginSuccess).toHaveBeenCalled();
  });

  it.each([
    [
      'the server message',
      () => json(400, { success: false, message: 'Le mot de passe actuel est incorrect' }),
      'Le mot de passe actuel est incorrect',
    ],
    ["'Password change failed' without one", offline, AUTH_TOASTS.passwordChangeFailed],
  ])('a failure shows %s', async (_case, response, message) => {
    answer = response;
    renderProfile();
    await changePassword();
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
  });
});
