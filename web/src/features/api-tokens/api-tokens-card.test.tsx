import { type ApiToken, API_TOKEN_MESSAGES as M } from '@gmao/domain/auth/api-token-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../lib/testing/session';
import { spyOnToasts } from '../../lib/testing/toasts';
import { ApiTokensCard } from './api-tokens-card';

beforeEach(() => {
  spyOnToasts();
});

const TOKEN = `gmao_pat_${'A'.repeat(43)}`;
const existing: ApiToken = {
  id: 7,
  nom: 'GTB Tanger',
  prefixe: 'gmao_pat_Xy12',
  scopes: ['interventions:read'],
  expire_le: '2027-02-28T23:59:59.999Z',
  created_at: '2026-11-29T08:00:00.000Z',
  last_used_at: null,
  last_used_ip: null,
  revoked_at: null,
  user: { id: 3, nom: 'Nadia El Fassi', username: 'n.elfassi' },
};
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let tokens: ApiToken[];
const fetchMock = vi.fn((url: string, init?: RequestInit) => {
  if (init?.method === 'POST') {
    const body = JSON.parse(String(init.body));
    const created = { ...existing, id: 8, nom: body.nom, scopes: body.scopes, token: TOKEN };
    tokens = [created, ...tokens];
    return json(201, { success: true, data: created, message: M.created });
  }
  if (init?.method === 'DELETE') {
    tokens = tokens.map((t) => (url.endsWith(`/tokens/${t.id}`) ? { ...t, revoked_at: new Date().toISOString() } : t));
    return json(200, { success: true, data: null, message: M.revoked });
  }
  return json(200, { success: true, data: tokens });
});
const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => init?.method === method);

beforeEach(() => {
  tokens = [existing];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ApiTokensCard />
    </QueryClientProvider>,
    signedIn({ permissions: ['interventions:read', 'interventions:create'] }),
  );
}

describe("Jetons d'API (issue 35)", () => {
  it('lists the tokens; a new one needs a name and a permission, then is shown once and never again', async () => {
    const user = userEvent.setup();
    renderCard();
    expect(await screen.findByText('GTB Tanger')).toBeInTheDocument();
    expect(screen.getByText(M.neverUsed)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: M.create }));
    const dialog = await screen.findByRole('dialog', { name: M.createTitle });
    await user.click(within(dialog).getByRole('button', { name: M.create }));
    expect(await within(dialog).findByText(M.nomRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.scopesRequired)).toBeInTheDocument();
    expect(calls('POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Nom/), 'SCADA Kénitra');
    await user.click(within(dialog).getByRole('checkbox', { name: /interventions:create/ }));
    await user.click(within(dialog).getByRole('button', { name: M.create }));
    const shown = await screen.findByRole('dialog', { name: M.shownOnceTitle });
    expect(within(shown).getByTestId('new-api-token')).toHaveTextContent(TOKEN);
    expect(JSON.parse(String(calls('POST')[0]![1]!.body))).toMatchObject({
      nom: 'SCADA Kénitra',
      scopes: ['interventions:create'],
    });
    await user.click(within(shown).getByRole('button', { name: M.done }));
    await waitFor(() => expect(screen.queryByText(TOKEN)).toBeNull());
    expect(await screen.findByText('SCADA Kénitra')).toBeInTheDocument();
  });

  it('revokes a token only after a confirmation naming it', async () => {
    const user = userEvent.setup();
    renderCard();
    await screen.findByText('GTB Tanger');
    await user.click(screen.getByRole('button', { name: M.revoke }));
    const confirm = await screen.findByRole('dialog', { name: M.revokeTitle });
    expect(confirm).toHaveTextContent(M.revokeConfirm('GTB Tanger'));
    expect(calls('DELETE')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: M.revoke }));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    expect(String(calls('DELETE')[0]![0])).toMatch(/\/api\/tokens\/7$/);
    expect(await screen.findByText(M.revokedState)).toBeInTheDocument();
  });
});
