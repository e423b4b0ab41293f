import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../lib/testing/session';
import { InterventionsList } from './interventions-list';
import { jsonResponse, listResponse, interventionRow as row } from './list-test-fixtures';

/** The dashboard's interventions tab (spec §2): columns, filters, actions by permission, 'Changer Statut'. */

const session = vi.hoisted(() => ({ granted: new Set<string>(), role: 'Technicien' }));

const long = 'Remplacement complet des roulements du moteur principal et alignement';
let fetchMock: ReturnType<typeof vi.fn>;
const gets = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === 'GET')
    .map(([url]) => new URL(String(url), 'http://x').searchParams);

beforeEach(() => {
  session.granted = new Set();
  session.role = 'Technicien';
  fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT' || init?.method === 'POST')
      return jsonResponse({ success: true, data: row(1, 'Moteur LS 200', 'EN_COURS') });
    return listResponse([
      row(1, 'Moteur LS 200', 'PLANIFIEE', {
        description: long,
        urgence: true,
        date: '2026-03-02',
        creerPar: { id: 4, nom: 'Nadia El Fassi' },
      }),
    ]);
  });
  vi.stubGlobal('fetch', fetchMock);
  // react-hot-toast reads the reduced-motion preference; jsdom has no matchMedia
  window.matchMedia = vi
    .fn()
    .mockReturnValue({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <InterventionsList variant="tab" />
      <Toaster />
    </QueryClientProvider>,
    signedIn({ id: 1, nom: 'Karim', role: session.role, permissions: [...session.granted] }),
  );
}

describe('interventions tab', () => {
  it('shows equipment and owner, the description cut to 40 characters, status with URGENT, date and creator', async () => {
    renderTab();
    const tr = (await screen.findByText('Moteur LS 200')).closest('tr') as HTMLElement;
    expect(within(tr).getByText('Atlas')).toBeInTheDocument();
    expect(within(tr).getByText(`${long.slice(0, 40)}...`)).toBeInTheDocument();
    expect(within(tr).getByText('Planifiée')).toBeInTheDocument();
    expect(within(tr).getByText('URGENT')).toBeInTheDocument();
    expect(within(tr).getByText('02/03/2026')).toBeInTheDocument();
    expect(within(tr).getByText('Nadia El Fassi')).toBeInTheDocument();
  });

  it("filters by status (the form's four) and urgency ('Urgentes uniquement' / 'Non urgentes'), back to page 1", async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByText('Moteur LS 200');
    const status = screen.getByRole('combobox', { name: 'Filtrer par statut' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tous les statuts', 'Planifiée', 'En Attente PDR', 'En Cours', 'Terminée']);
    await user.selectOptions(status, 'EN_COURS');
    await vi.waitFor(() => expect(gets().at(-1)?.get('statut')).toBe('EN_COURS'));
    const urgency = screen.getByRole('combobox', { name: 'Filtrer par urgence' });
    await user.selectOptions(urgency, 'Urgentes uniquement');
    await vi.waitFor(() => expect(gets().at(-1)?.get('urgence')).toBe('true'));
    await user.selectOptions(urgency, 'Non urgentes');
    await vi.waitFor(() => expect(gets().at(-1)?.get('urgence')).toBe('false'));
    expect(gets().at(-1)?.get('page')).toBe('1');
  });

  it('filters by SLA state (issue 31): à risque, dépassé, respecté, hors contrat', async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByText('Moteur LS 200');
    const sla = screen.getByRole('combobox', { name: 'Filtrer par délai garanti' });
    await user.selectOptions(sla, 'Délai garanti dépassé');
    await vi.waitFor(() => expect(gets().at(-1)?.get('sla')).toBe('DEPASSE'));
    await user.selectOptions(sla, 'Hors contrat');
    await vi.waitFor(() => expect(gets().at(-1)?.get('sla')).toBe('HORS_CONTRAT'));
  });

  it('searches as the user types (debounced)', async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByText('Moteur LS 200');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher des interventions' }), 'roulements');
    await vi.waitFor(() => expect(gets().at(-1)?.get('search')).toBe('roulements'));
  });

  it('a reader only views; no create button without interventions:create', async () => {
    session.granted.add('interventions:read');
    renderTab();
    const tr = (await screen.findByText('Moteur LS 200')).closest('tr') as HTMLElement;
    expect(within(tr).getByRole('button', { name: 'Voir' })).toBeInTheDocument();
    expect(within(tr).queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(within(tr).queryByRole('button', { name: /^Changer Statut/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nouvelle Intervention' })).toBeNull();
  });

  it("with interventions:update: edit and 'Changer Statut', which moves PLANIFIEE to EN_COURS; create with interventions:create", async () => {
    session.role = 'Administrateur';
    const user = userEvent.setup();
    renderTab();
    const tr = (await screen.findByText('Moteur LS 200')).closest('tr') as HTMLElement;
    expect(within(tr).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvelle Intervention' })).toBeInTheDocument();
    // It says what it will do, and the success toast offers to take it back (issue 14).
    await user.click(within(tr).getByRole('button', { name: 'Changer Statut → En Cours' }));
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/interventions/1/status',
        expect.objectContaining({ method: 'PUT', body: JSON.stringify({ statut: 'EN_COURS' }) }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/interventions/1/status/undo',
        expect.objectContaining({ method: 'POST' }),
      ),
    );
  });

  it("a technician edits and cycles ('Changer Statut') only the interventions he created or holds (object rules)", async () => {
    session.granted.add('interventions:read').add('interventions:update');
    fetchMock.mockImplementation(() =>
      listResponse([
        row(1, 'Moteur à moi', 'PLANIFIEE', { technicianId: 1, technician: { id: 1, nom: 'Karim' } }),
        row(2, 'Moteur créé par moi', 'PLANIFIEE', { creerPar: { id: 1, nom: 'Karim' } }),
        row(3, 'Moteur d’un autre', 'PLANIFIEE', {
          technicianId: 9,
          technician: { id: 9, nom: 'Omar' },
          creerPar: { id: 4, nom: 'Nadia El Fassi' },
        }),
      ]),
    );
    renderTab();
    const tr = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
    for (const own of ['Moteur à moi', 'Moteur créé par moi']) {
      expect(within(await tr(own)).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
      expect(within(await tr(own)).getByRole('button', { name: /^Changer Statut/ })).toBeInTheDocument();
    }
    const other = await tr('Moteur d’un autre');
    expect(within(other).getByRole('button', { name: 'Voir' })).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(within(other).queryByRole('button', { name: /^Changer Statut/ })).toBeNull();
  });

  it("'Page suivante' sends the cursor of the page's last row; a jump to another page does not", async () => {
    fetchMock.mockImplementation((url: string) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      const rows = [1, 2, 3].map((k) =>
        row(page * 10 + k, `Moteur ${page}-${k}`, 'PLANIFIEE', { date: `2026-03-0${page}` }),
      );
      return jsonResponse({ success: true, data: rows, pagination: { total: 45, pages: 5, page, limit: 10 } });
    });
    const user = userEvent.setup();
    renderTab();
    await screen.findByText('Moteur 1-3');
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await screen.findByText('Moteur 2-3');
    expect(gets().at(-1)?.get('page')).toBe('2');
    expect(gets().at(-1)?.get('after')).toBe('2026-03-01.13');
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await screen.findByText('Moteur 3-3');
    expect(gets().at(-1)?.get('after')).toBe('2026-03-02.23');
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    await screen.findByText('Moteur 5-3');
    expect(gets().at(-1)?.get('page')).toBe('5');
    expect(gets().at(-1)?.has('after')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Page précédente' }));
    await screen.findByText('Moteur 4-3');
    expect(gets().at(-1)?.has('after')).toBe(false);
  });
});
