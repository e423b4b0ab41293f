import { STOCK_MESSAGES } from '@gmao/domain/stock/stock-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { PartRequestsSection } from './part-requests-section';

// A technician holding stock:read (not stock:manage: no 'Réceptionner').

const request = (id: number, statut: string) => ({
  id,
  intervention_id: 5,
  fournisseur: 'SKF Maroc',
  date_commande: '2026-11-20',
  date_prevue: null,
  statut,
  location_id: null,
  received_at: null,
  lignes: [{ part_id: 1, reference: 'ROUL-1', designation: 'Roulement', quantite: 2 }],
  createdAt: '2026-11-20T10:00:00.000Z',
});
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
let fetchMock: ReturnType<typeof vi.fn>;
let cancelAnswer: () => Promise<Response>;

beforeEach(() => {
  cancelAnswer = () =>
    json(200, { success: true, data: request(1, 'ANNULEE'), message: STOCK_MESSAGES.requestCancelled });
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'PUT' && String(url).endsWith('/cancel')) return cancelAnswer();
    if (String(url).includes('/part-requests')) return json(200, { success: true, data: [request(1, 'OUVERTE')] });
    return json(200, { success: true, data: [], pagination: { page: 1, limit: 100, total: 0, totalPages: 0 } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderSection(writable: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <PartRequestsSection interventionId={5} writable={writable} />
    </QueryClientProvider>,
    signedIn({ permissions: ['stock:read'] }),
  );
}

const cancelCalls = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init as RequestInit | undefined)?.method === 'PUT' && String(url).endsWith('/cancel'),
  );

describe('PartRequestsSection: cancelling a request', () => {
  it('who may write cancels an open request through PUT …/part-requests/:rid/cancel', async () => {
    renderSection(true);
    await userEvent.click(await screen.findByRole('button', { name: STOCK_MESSAGES.cancelRequestAction }));
    await waitFor(() => expect(cancelCalls()).toHaveLength(1));
    expect(String(cancelCalls()[0]?.[0])).toContain('/interventions/5/part-requests/1/cancel');
  });

  it('a reader sees no cancel button', async () => {
    renderSection(false);
    expect(await screen.findByText('Commandée')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: STOCK_MESSAGES.cancelRequestAction })).toBeNull();
  });
});

describe('PartRequestsSection: parts supplied by the client (issue 31)', () => {
  it('says so on the request, and offers the checkbox in the new request form', async () => {
    fetchMock.mockImplementation((url: string) => {
      if (String(url).includes('/part-requests'))
        return json(200, { success: true, data: [{ ...request(1, 'OUVERTE'), fourni_par_client: true }] });
      return json(200, { success: true, data: [], pagination: { page: 1, limit: 100, total: 0, totalPages: 0 } });
    });
    renderSection(true);
    expect(await screen.findByText(/SKF Maroc · commandée le .* · Pièces fournies par le client/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Demander des pièces' }));
    const box = screen.getByRole('checkbox', { name: /Pièces fournies par le client/ });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(box).toBeChecked();
  });

  it('who may write marks an open request client-supplied (a toggle: PUT …/client-supplied)', async () => {
    renderSection(true);
    const toggle = await screen.findByRole('button', { name: STOCK_MESSAGES.markClientSupplied });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/part-requests/1/client-supplied'));
      const init = put?.[1] as RequestInit | undefined;
      expect(JSON.parse(String(init?.body))).toEqual({ fourni_par_client: true });
    });
  });
});
