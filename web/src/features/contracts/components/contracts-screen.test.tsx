import type { Contract, ContractListItem } from '@gmao/domain/contracts/contract-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { ContractFormModal } from './contract-form-modal';
import { ContractsScreen } from './contracts-screen';

const item: ContractListItem = {
  id: 7,
  client_id: 4,
  client_nom: 'Laiterie Atlas',
  numero: 'CT-2026-007',
  type: 'COMPLET',
  date_debut: '2026-01-01',
  date_fin: '2026-12-31',
  reconduction_tacite: true,
  signature_client_obligatoire: false,
  prix_portail: false,
  equipements: null,
  calendrier_id: 1,
  calendrier_nom: 'Heures ouvrées',
  montant_annuel_ht: '120000.00',
  version: 2,
  jours_restants: 12,
};

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const page = (data: unknown[]) => ({
  success: true,
  data,
  pagination: { total: data.length, pages: 1, page: 1, limit: 10 },
});
let fetchMock: ReturnType<typeof vi.fn>;
let contracts: ContractListItem[] = [];

beforeEach(() => {
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'POST')
      return json(201, { success: true, data: { id: 9 }, message: 'Contrat créé avec succès' });
    if (url.includes('/contracts')) return json(200, page(contracts));
    if (url.includes('/calendars')) return json(200, { success: true, data: [{ id: 1, nom: 'Heures ouvrées' }] });
    if (url.includes('/clients')) return json(200, page([{ id: 4, nom_entreprise: 'Laiterie Atlas' }]));
    return json(200, page([]));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const wrap = (ui: React.ReactNode) =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {ui}
      </QueryClientProvider>
    </MemoryRouter>,
    signedIn({ id: 1, role: 'Administrateur' }),
  );

describe('contracts list', () => {
  it('says when there is no contract', async () => {
    contracts = [];
    wrap(<ContractsScreen />);
    await screen.findByText('Aucun contrat');
  });

  it('says in words that a contract expires soon, and its coverage', async () => {
    contracts = [item];
    wrap(<ContractsScreen />);
    const row = (await screen.findAllByText('CT-2026-007'))[0]!.closest('tr') as HTMLElement;
    expect(within(row).getByText('Expire dans 12 jours')).toBeTruthy();
    expect(within(row).getByText('Tous')).toBeTruthy();
  });

  it('sends the expiring filter to the server', async () => {
    contracts = [];
    wrap(<ContractsScreen />);
    fireEvent.click(screen.getByLabelText('Expirant sous 60 jours'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => String(url).includes('/contracts?') && String(url).includes('expiring=true'),
        ),
      ).toBe(true),
    );
  });
});

describe('contract form', () => {
  const contract = {
    ...item,
    equipement_ids: null,
    equipements_detail: [],
    plan_ids: [],
    plans_detail: [],
    garanties: [{ urgence: true, cible: 'SUR_SITE', minutes: 150 }],
    statuts_pause: [{ statut: 'EN_PAUSE', condition: 'ATTENTE_CLIENT' }],
    created_at: '',
    updated_at: '',
    versions: [],
    documents: [],
  } satisfies Contract;

  it('shows guaranteed minutes as hours + minutes and refuses a zero time in French, sending nothing', async () => {
    wrap(<ContractFormModal contract={contract} onClose={() => {}} />);
    const hours = screen.getByLabelText('Arrivée sur site — urgente (heures)') as HTMLInputElement;
    const minutes = screen.getByLabelText('Arrivée sur site — urgente (minutes)') as HTMLInputElement;
    expect([hours.value, minutes.value]).toEqual(['2', '30']);
    fireEvent.change(hours, { target: { value: '0' } });
    fireEvent.change(minutes, { target: { value: '0' } });
    fireEvent.submit(document.getElementById('contract-form') as HTMLFormElement);
    await screen.findByText('Le délai garanti doit être un nombre entier de minutes supérieur à 0', {
      selector: '[role=alert]',
    });
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(false);
  });
});
