import { AUTH_TOASTS, HTTP_MESSAGES } from '@gmao/domain/common/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import { spyOnToasts } from '../../../lib/testing/toasts';
import { notify } from '../../../lib/toast';
import { REGISTER_TEXTS, RegisterForm } from './register-form';

beforeEach(() => {
  spyOnToasts();
});

const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
let fetchMock: ReturnType<typeof vi.fn>;

function renderForm(registerAnswer: () => Promise<Response>) {
  fetchMock = vi.fn(() => registerAnswer());
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <RegisterForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fillAndSend(section = 'Maintenance') {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText(/^Nom complet/), 'Salma Idrissi');
  await u.type(screen.getByLabelText(/^Nom d'utilisateur/), 'salma_1');
  if (section) await u.type(screen.getByLabelText(/^Section \/ département/), section);
  await u.type(screen.getByLabelText(/^Mot de passe/), 'Atelier2024');
  await u.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'Atelier2024');
  await u.click(screen.getByRole('checkbox', { name: /J'accepte les/ }));
  await u.click(screen.getByRole('button', { name: REGISTER_TEXTS.submit }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('register screen (spec §2, §3)', () => {
  it('has its fields (section optional), two show/hide toggles, the terms checkbox and links to /terms, /privacy, /login', () => {
    renderForm(() => answer(201, {}));
    expect(screen.getByLabelText(/^Section \/ département/)).not.toBeRequired();
    expect(screen.getByText('Section / département').parentElement?.textContent).not.toContain('*');
    expect(screen.getAllByRole('button', { name: 'Afficher le mot de passe' })).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: /J'accepte les/ })).not.toBeChecked();
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining([paths.terms, paths.privacy, paths.login]));
  });

  it("sends nom, username, password and section (no confirmation, no terms flag), reads 'Création en cours...', then welcomes", async () => {
    let release: (r: Response) => void = () => {};
    renderForm(() => new Promise((r) => (release = r)));
    await fillAndSend();
    expect(await screen.findByRole('button', { name: REGISTER_TEXTS.submitting })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/register');
    expect(JSON.parse(String(init.body))).toEqual({
      nom: 'Salma Idrissi',
      username: 'salma_1',
      password: 'Atelier2024',
      section: 'Maintenance',
    });
    release(new Response(JSON.stringify({ success: true, data: { token: null }, message: 'Demande enregistrée' })));
    expect(await screen.findByRole('status')).toHaveTextContent('Demande enregistrée');
    expect(notify.success).toHaveBeenCalledWith(REGISTER_TEXTS.welcome('Salma Idrissi'));
    expect(REGISTER_TEXTS.welcome('Salma Idrissi')).toContain('GMAO');
  });

  it.each([
    [
      'the server message',
      409,
      { success: false, message: "Ce nom d'utilisateur est déjà utilisé" },
      "Ce nom d'utilisateur est déjà utilisé",
    ],
    ["'Registration failed' without one", 503, '', AUTH_TOASTS.registrationFailed],
    ["'An unexpected error occurred' on an exception", 201, 'pas du JSON', HTTP_MESSAGES.unexpected],
  ])("a failure shows the 'Erreur d'inscription' box with %s", async (_case, status, body, message) => {
    renderForm(() => answer(status, body));
    await fillAndSend('');
    const box = await screen.findByRole('alert');
    expect(within(box).getByText(REGISTER_TEXTS.errorTitle)).toBeInTheDocument();
    expect(box).toHaveTextContent(message);
  });
});
