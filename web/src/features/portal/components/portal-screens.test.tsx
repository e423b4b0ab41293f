import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalInterventionList } from './portal-interventions';
import { PortalNewRequest } from './portal-new-request';
import { PortalRequests } from './portal-requests';

/** The client portal's screens (issue 33): public statuses, the signed bon, requests and the new request's form. */
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const page = (data: unknown[]) => ({
  success: true,
  data,
  pagination: { total: data.length, pages: 1, page: 1, limit: 10 },
});
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'POST')
      return json(201, { success: true, data: { id: 12 }, message: 'Votre demande a été transmise' });
    if (url.startsWith('/api/portal/interventions'))
      return json(
        200,
        page([
          {
            id: 501,
            equipement: { id: 7, nom: 'Groupe GE-1' },
            description: 'Révision annuelle',
            urgence: false,
            statut: 'ATTENTE_PIECES',
            date: '2026-11-30',
            planifiee_le: null,
            demarree_le: null,
            terminee_le: null,
            preventive: true,
            bon_signe: true,
          },
        ]),
      );
    if (url.startsWith('/api/portal/equipment'))
      return json(
        200,
        page([{ id: 7, nom: 'Groupe GE-1', type: null, marque: null, modele: null, numero_serie: null }]),
      );
    if (url.startsWith('/api/portal/requests'))
      return json(
        200,
        page([
          {
            id: 12,
            statut: 'REFUSEE',
            source: 'PORTAIL',
            equipement: { id: 7, nom: 'Groupe GE-1' },
            description: 'Fuite',
            nom: 'Karim',
            created_at: '2026-11-28T10:00:00.000Z',
            decided_at: '2026-11-28T11:00:00.000Z',
            motif: 'Hors contrat',
            intervention_id: null,
            photos: 0,
          },
        ]),
      );
    return json(404, { success: false, message: 'Introuvable' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(ui: ReactNode) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {ui}
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('client portal screens', () => {
  it('lists interventions with their public status and the signed bon to download', async () => {
    show(<PortalInterventionList />);
    const card = (await screen.findByText(/N° 501 — Groupe GE-1/)).closest('li') as HTMLElement;
    expect(within(card).getByText('En attente de pièces')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Télécharger le bon signé' })).toBeInTheDocument();
  });

  it("shows a request's decision; only a demandeur gets 'Nouvelle demande'", async () => {
    show(<PortalRequests canFile={false} />);
    expect(await screen.findByText('Refusée')).toBeInTheDocument();
    expect(screen.getByText(/Motif : Hors contrat/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nouvelle demande' })).toBeNull();
  });

  it('checks the new request in French before sending it as multipart with the equipment', async () => {
    const user = userEvent.setup();
    show(<PortalNewRequest defaultNom="Karim Berrada" />);
    await screen.findByRole('option', { name: 'Groupe GE-1' });
    await user.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    expect(await screen.findByText("Choisissez l'équipement concerné")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Équipement/), '7');
    await user.type(screen.getByLabelText(/^Description du problème/), 'Le disjoncteur saute');
    await user.type(screen.getByLabelText(/^Votre téléphone/), '0661234567');
    await user.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/portal/requests');
    const body = init.body as FormData;
    expect(body.get('equipement_id')).toBe('7');
    expect(body.get('nom')).toBe('Karim Berrada');
  });
});
