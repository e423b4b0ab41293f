import { PAUSE_MOTIF_MESSAGES as M } from '@gmao/domain/contracts/contract-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WaitingPartsDialog } from './waiting-parts-dialog';

const request = (id: number, statut: string, fourni_par_client: boolean) => ({
  id,
  intervention_id: 5,
  fournisseur: 'Client',
  date_commande: '2026-11-20',
  date_prevue: null,
  statut,
  fourni_par_client,
  location_id: null,
  received_at: null,
  lignes: [],
  createdAt: '2026-11-20T10:00:00.000Z',
});

function renderDialog(requests: unknown[], onConfirm = vi.fn()) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, data: requests }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WaitingPartsDialog open interventionId={5} saving={false} onClose={vi.fn()} onConfirm={onConfirm} />
    </QueryClientProvider>,
  );
  return onConfirm;
}
afterEach(() => vi.unstubAllGlobals());

describe('WaitingPartsDialog (issue 31)', () => {
  it('asks who supplies the parts (French message without an answer), then gives the open requests to mark', async () => {
    const onConfirm = renderDialog([request(1, 'OUVERTE', false), request(2, 'RECUE', true)]);
    await userEvent.click(await screen.findByRole('button', { name: M.waitingConfirm }));
    expect(await screen.findByText(M.waitingRequired)).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('radio', { name: new RegExp(M.waitingClient) }));
    await userEvent.click(screen.getByRole('button', { name: M.waitingConfirm }));
    expect(onConfirm).toHaveBeenCalledWith(true, [expect.objectContaining({ id: 1, fourni_par_client: false })]);
  });

  it('starts on "Le client" when every open request is already client-supplied', async () => {
    renderDialog([request(3, 'OUVERTE', true)]);
    await waitFor(() => expect(screen.getByRole('radio', { name: new RegExp(M.waitingClient) })).toBeChecked());
  });

  it('says so when no part request is open (the server refuses the wait without one)', async () => {
    renderDialog([request(4, 'ANNULEE', false)]);
    expect(await screen.findByRole('status')).toHaveTextContent(M.waitingNoRequest);
  });
});
