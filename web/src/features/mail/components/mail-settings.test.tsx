import { MAIL_MESSAGES as M, type MailSettings } from '@gmao/domain/mail/mail-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnToasts } from '../../../lib/testing/toasts';
import { MailSettingsCard } from './mail-settings';

beforeEach(() => {
  spyOnToasts();
});

const settings = (extra: Partial<MailSettings> = {}): MailSettings => ({
  host: 'smtp.exemple.ma',
  port: 587,
  secure: false,
  user: 'gmao',
  from: '',
  hasPassword: true,
  allowUnverifiedCertificate: false,
  envConfigured: false,
  configured: true,
  lastTest: null,
  ...extra,
});

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

let current: MailSettings;
const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
  if (init?.method === 'PUT') return json(200, { success: true, data: current, message: M.saved });
  return json(200, { success: true, data: current });
});
const savedBody = () => {
  const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  return put ? JSON.parse(String(put[1]?.body)) : null;
};

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MailSettingsCard />
    </QueryClientProvider>,
  );
}

describe('MailSettingsCard (issue 29)', () => {
  it('an unverified certificate is off by default, its warning turns into an alert when ticked, and is saved', async () => {
    current = settings();
    renderCard();
    const box = await screen.findByRole('checkbox', { name: M.allowUnverifiedCertificate });
    await waitFor(() => expect(screen.getByLabelText('Serveur SMTP')).toHaveValue('smtp.exemple.ma'));
    expect(box).not.toBeChecked();
    expect(screen.getByText(M.allowUnverifiedCertificateWarning)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(box);
    expect(screen.getByRole('alert')).toHaveTextContent(M.allowUnverifiedCertificateWarning);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(savedBody()).toMatchObject({ allowUnverifiedCertificate: true, removePassword: false }));
  });

  it('removes the stored password only when asked; the field is then disabled', async () => {
    current = settings();
    renderCard();
    const remove = await screen.findByRole('checkbox', { name: M.removePassword });
    await waitFor(() => expect(screen.getByLabelText('Serveur SMTP')).toHaveValue('smtp.exemple.ma'));
    await userEvent.click(remove);
    expect(screen.getByLabelText('Mot de passe')).toBeDisabled();
    expect(screen.getByText(M.removePasswordHelp)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(savedBody()).toMatchObject({ removePassword: true }));
    expect(savedBody().password ?? '').toBe('');
  });

  it('shows the last test kept by the server: a failure in French with its date, and the status says so', async () => {
    const reason = 'Serveur SMTP introuvable : vérifiez l’adresse du serveur (nom ou IP).';
    current = settings({ lastTest: { at: '2026-11-28T09:05:00.000Z', ok: false, message: reason } });
    renderCard();
    const box = await screen.findByRole('region', { name: M.lastTestLabel });
    expect(box).toHaveTextContent(reason);
    expect(box).toHaveTextContent(/Dernier test échoué le \d{2}\/11\/2026/);
    expect(screen.getByRole('status')).toHaveTextContent(M.configuredButFailing('smtp.exemple.ma:587'));
  });

  it('offers no removal when no password is stored', async () => {
    current = settings({ hasPassword: false });
    renderCard();
    await screen.findByRole('checkbox', { name: M.allowUnverifiedCertificate });
    expect(screen.queryByRole('checkbox', { name: M.removePassword })).toBeNull();
  });
});
