import type { DashboardAlerts, DashboardStats, RecentIntervention } from '@gmao/domain/dashboard/dashboard-schemas';
import type { DashboardSla } from '@gmao/domain/dashboard/sla-card-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../lib/testing/session';
import { DashboardOverview } from './dashboard-overview';

const granted = new Set<string>();

const stats: DashboardStats = {
  overview: {
    totalInterventions: 42,
    activeInterventions: 5,
    totalEquipment: 17,
    totalClients: 6,
    completionRate: 66.66,
    completedInterventions: 8,
  },
  alerts: { urgentInterventions: 2, overdueInterventions: 1 },
};
const recent: RecentIntervention = {
  id: 1,
  date: '2026-03-02',
  description: 'Remplacement des roulements du moteur principal et alignement complet de l’accouplement',
  statut: 'EN_COURS',
  urgence: true,
  createdAt: '2026-03-01T08:00:00.000Z',
  equipement: {
    id: 3,
    nom: 'Moteur LS 200',
    type_equipement: 'MOTEUR_ELECTRIQUE',
    proprietaire: { id: 2, nom_entreprise: 'Atlas Textiles SARL' },
  },
  creerPar: { id: 1, nom: 'Nadia El Fassi' },
};
const urgentAlert: DashboardAlerts['urgent'][number] = {
  id: 1,
  title: 'Intervention urgente — Moteur LS 200 (Atlas)',
  description: 'Panne',
  date: '2026-03-02',
};
const noAlerts: DashboardAlerts = { urgent: [], overdue: [], counts: { urgent: 0, overdue: 0, total: 0 } };
const someAlerts: DashboardAlerts = {
  urgent: [urgentAlert],
  overdue: [],
  counts: { urgent: 1, overdue: 0, total: 1 },
};
let alerts = noAlerts;
const slaFigures: DashboardSla = {
  aRisque: 4,
  depassees: 2,
  mois: '2026-03',
  gti: { respectees: 3, depassees: 1, taux: 75 },
  gtr: { respectees: 0, depassees: 0, taux: null },
};
let sla = slaFigures;
const myWork = {
  open: 3,
  urgent: 1,
  overdue: 2,
  minutesThisWeek: 135,
  weekStart: '2026-03-02',
  next: [
    {
      id: 147,
      date: '2026-03-04',
      plannedAt: null,
      plannedWallClock: null,
      statut: 'PLANIFIEE',
      urgence: true,
      description: 'Transformateur en surchauffe',
      equipement: 'Transformateur T2',
      client: 'Atlas Textiles SARL',
    },
  ],
  today: '2026-03-04',
  tomorrow: '2026-03-05',
  days: {
    today: {
      count: 1,
      items: [
        {
          id: 150,
          date: '2026-03-04',
          plannedAt: '2026-03-04T08:30:00.000Z',
          plannedWallClock: { date: '2026-03-04', time: '09:30', zone: 'Africa/Casablanca' },
          statut: 'PLANIFIEE',
          urgence: true,
          description: 'Disjoncteur déclenché',
          equipement: 'TGBT atelier',
          client: 'Atlas Textiles SARL',
        },
      ],
    },
    tomorrow: { count: 0, items: [] },
    late: { count: 12, items: [] },
  },
};

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

beforeEach(() => {
  granted.clear();
  // a reader of the three record kinds (a Consultation user); tests add or take away permissions
  granted.add('interventions:read').add('equipment:read').add('clients:read');
  alerts = noAlerts;
  sla = slaFigures;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/api/dashboard/stats')) return json({ success: true, data: stats });
      if (url.startsWith('/api/dashboard/alerts')) return json({ success: true, data: alerts });
      if (url.startsWith('/api/dashboard/my-work')) return json({ success: true, data: myWork });
      if (url.startsWith('/api/dashboard/sla')) return json({ success: true, data: sla });
      return json({ success: true, data: [recent] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderOverview(props: Parameters<typeof DashboardOverview>[0] = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <DashboardOverview {...props} />
      </QueryClientProvider>
    </MemoryRouter>,
    signedIn({ permissions: [...granted] }),
  );
}

const value = (title: string) => within(screen.getByRole('region', { name: title })).getByTestId('stat-value');

const requested = () => (fetch as unknown as { mock: { calls: [string][] } }).mock.calls.map(([url]) => url);

describe('DashboardOverview', () => {
  it('shows the four stat cards with the fixed trend and the three cards (rate with one decimal)', async () => {
    renderOverview();
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Total Interventions' })).toHaveTextContent('+12%');
    expect(value('En Cours')).toHaveTextContent('5');
    expect(value('Équipements')).toHaveTextContent('17');
    expect(value('Clients')).toHaveTextContent('6');
    expect(value('Taux de Réalisation').textContent?.replace(/\s/g, ' ')).toBe('66,7 %');
    expect(screen.getByRole('region', { name: 'Taux de Réalisation' })).toHaveTextContent('8 intervention(s)');
    expect(value('Interventions Urgentes')).toHaveTextContent('2');
    expect(value('Interventions en Retard')).toHaveTextContent('1');
  });

  it('lists recent interventions: owner, 50-character description, status with URGENT, creator', async () => {
    renderOverview();
    const table = await screen.findByRole('table', { name: 'Interventions récentes' });
    await within(table).findByText('Moteur LS 200');
    expect(within(table).getByText('Atlas Textiles SARL')).toBeInTheDocument();
    expect(within(table).getByText(`${recent.description?.slice(0, 50)}...`)).toBeInTheDocument();
    expect(within(table).getByText('En Cours')).toBeInTheDocument();
    expect(within(table).getByText('URGENT')).toBeInTheDocument();
    expect(within(table).getByText('Nadia El Fassi')).toBeInTheDocument();
  });

  it('hides the alert panel when there is nothing to report', async () => {
    renderOverview();
    await screen.findByText('42');
    expect(screen.queryByRole('heading', { name: 'Alertes Importantes' })).not.toBeInTheDocument();
  });

  it('shows the alert panel with its total badge when there are alerts', async () => {
    alerts = someAlerts;
    renderOverview();
    const heading = await screen.findByRole('heading', { name: 'Alertes Importantes' });
    const panel = heading.closest('section') as HTMLElement;
    expect(within(panel).getByTestId('alerts-total')).toHaveTextContent('1');
    expect(within(panel).getByText(urgentAlert.title)).toBeInTheDocument();
  });

  it("'Voir tout' and 'Nouvelle Intervention' follow the props and the permissions", async () => {
    const onShowAll = vi.fn();
    const onNewIntervention = vi.fn();
    // no onShowAll: no 'Voir tout'; no interventions:create: no 'Nouvelle Intervention'
    const { unmount } = renderOverview({ onNewIntervention });
    await screen.findByText('42');
    expect(screen.queryByRole('button', { name: 'Voir tout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nouvelle Intervention/ })).not.toBeInTheDocument();
    unmount();

    granted.add('interventions:assign');
    renderOverview({ onShowAll });
    await userEvent.click(await screen.findByRole('button', { name: 'Voir tout' }));
    expect(onShowAll).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Nouvelle Intervention/ })).not.toBeInTheDocument();
  });

  it("shows 'Nouvelle Intervention' only when wired and permitted", async () => {
    granted.add('interventions:create');
    const onNewIntervention = vi.fn();
    renderOverview({ onNewIntervention });
    await userEvent.click(await screen.findByRole('button', { name: /Nouvelle Intervention/ }));
    expect(onNewIntervention).toHaveBeenCalled();
  });

  it('a technician (no interventions:assign) opens on "Mon travail", linked to his next interventions, and may switch', async () => {
    granted.add('interventions:read');
    granted.add('interventions:update');
    renderOverview();
    expect(await screen.findByRole('button', { name: 'Mon travail', pressed: true })).toBeInTheDocument();
    await within(screen.getByRole('region', { name: 'Mes interventions ouvertes' })).findByText('3');
    expect(value('Mes urgences')).toHaveTextContent('1');
    expect(value('Mes retards')).toHaveTextContent('2');
    expect(value('Mon temps cette semaine')).toHaveTextContent('2 h 15');
    const link = screen.getByRole('link', { name: /#147 — Transformateur T2/ });
    expect(link).toHaveAttribute('href', '/interventions/147');
    await userEvent.click(screen.getByRole('button', { name: "Vue de l'entreprise" }));
    expect(await screen.findByText('42')).toBeInTheDocument();
  });

  it("issue 30: his day on top (today's job at its time, empty states) and every counter a link to the filtered list", async () => {
    granted.add('interventions:update');
    renderOverview();
    const today = await screen.findByRole('region', { name: "Aujourd'hui" });
    expect(await within(today).findByRole('link', { name: /#150 — TGBT atelier/ })).toHaveAttribute(
      'href',
      '/interventions/150',
    );
    expect(within(today).getByText('09:30')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Demain' })).getByText('Rien de prévu demain'),
    ).toBeInTheDocument();
    const late = screen.getByRole('region', { name: 'En retard' });
    expect(within(late).getByRole('link', { name: 'En retard : 12 — voir la liste' })).toHaveAttribute(
      'href',
      '/interventions?mine=true&open=true&due_before=2026-03-04',
    );
    expect(screen.getByRole('link', { name: "Aujourd'hui : 1 — voir la liste" })).toHaveAttribute(
      'href',
      '/interventions?mine=true&open=true&due_on=2026-03-04',
    );
    expect(screen.getByRole('link', { name: 'Demain : 0 — voir la liste' })).toHaveAttribute(
      'href',
      '/interventions?mine=true&open=true&due_on=2026-03-05',
    );
    expect(screen.getByRole('link', { name: 'Mes urgences : 1 — voir la liste' })).toHaveAttribute(
      'href',
      '/interventions?mine=true&open=true&urgence=true',
    );
    expect(screen.getByRole('link', { name: 'Mes retards : 2 — voir la liste' })).toHaveAttribute(
      'href',
      '/interventions?mine=true&overdue=true',
    );
  });

  it('alerts and recent interventions open the item; "Voir les interventions" opens the filtered list', async () => {
    granted.add('interventions:read');
    granted.add('interventions:assign');
    alerts = {
      urgent: [urgentAlert],
      overdue: Array.from({ length: 5 }, (_, i) => ({ ...urgentAlert, id: 10 + i, title: `Retard ${i}` })),
      counts: { urgent: 1, overdue: 9, total: 10 },
    };
    renderOverview({ onShowAll: vi.fn() });
    expect(await screen.findByRole('link', { name: urgentAlert.title })).toHaveAttribute('href', '/interventions/1');
    const table = await screen.findByRole('table', { name: 'Interventions récentes' });
    expect(await within(table).findByRole('link', { name: 'Moteur LS 200' })).toHaveAttribute(
      'href',
      '/interventions/1',
    );
    expect(screen.getByRole('link', { name: 'Voir les interventions' })).toHaveAttribute(
      'href',
      '/interventions?overdue=true',
    );
  });

  it('a stock-only user sees no intervention block and requests none of their data (issue 29)', async () => {
    granted.clear();
    granted.add('stock:read');
    renderOverview({ onShowAll: vi.fn(), onNewIntervention: vi.fn() });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Aucun indicateur du tableau de bord ne correspond à vos permissions.',
    );
    expect(screen.queryByRole('region', { name: 'Total Interventions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Interventions récentes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mon travail' })).not.toBeInTheDocument();
    expect(requested()).toEqual([]);
  });

  it('an equipment reader sees the equipment count alone: no intervention card, table or request (issue 29)', async () => {
    granted.clear();
    granted.add('equipment:read');
    renderOverview({ onShowAll: vi.fn() });
    await vi.waitFor(() => expect(value('Équipements')).toHaveTextContent('17'));
    for (const title of [
      'Total Interventions',
      'En Cours',
      'Clients',
      'Taux de Réalisation',
      'Interventions Urgentes',
    ]) {
      expect(screen.queryByRole('region', { name: title })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('table', { name: 'Interventions récentes' })).not.toBeInTheDocument();
    expect(requested().filter((url) => url.startsWith('/api/dashboard/'))).toEqual([
      expect.stringMatching(/^\/api\/dashboard\/stats/),
    ]);
  });

  it('issue 31: "Délais garantis" — at risk and breached now link to the filtered list, the month’s GTI / GTR', async () => {
    renderOverview();
    const card = await screen.findByRole('region', { name: 'Délais garantis' });
    expect(await within(card).findByRole('link', { name: '4 — voir les interventions à risque' })).toHaveAttribute(
      'href',
      '/interventions?sla=A_RISQUE',
    );
    expect(within(card).getByRole('link', { name: '2 — voir les interventions dépassées' })).toHaveAttribute(
      'href',
      '/interventions?sla=DEPASSE&open=true',
    );
    expect(card).toHaveTextContent('Respect du mois (mars 2026)');
    expect(card.textContent?.replace(/\s/g, ' ')).toContain('75,0 %');
    expect(card).toHaveTextContent('3 respectée(s) sur 4');
    // Nothing decided this month: a dash, never 0 % or 100 %.
    expect(card).toHaveTextContent('Aucune échéance ce mois-ci');
  });

  it('issue 31: "Délais garantis" with nothing to count shows its empty state, in the same fixed-height box', async () => {
    sla = { ...slaFigures, aRisque: 0, depassees: 0, gti: { respectees: 0, depassees: 0, taux: null } };
    renderOverview();
    const card = await screen.findByRole('region', { name: 'Délais garantis' });
    expect(await within(card).findByRole('status')).toHaveTextContent('Aucune intervention sous contrat');
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(card.className).toMatch(/\bh-64\b/);
  });
});
