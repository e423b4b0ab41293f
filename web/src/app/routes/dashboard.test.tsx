import type { DashboardStats } from '@gmao/domain/dashboard/dashboard-schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { signedIn } from '../../lib/testing/session';
import DashboardRoute from './dashboard';

const granted = new Set<string>();

const stats: DashboardStats = {
  overview: {
    totalInterventions: 42,
    activeInterventions: 5,
    totalEquipment: 17,
    totalClients: 6,
    completionRate: 50,
    completedInterventions: 21,
  },
  alerts: { urgentInterventions: 0, overdueInterventions: 0 },
};
const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

beforeEach(() => {
  granted.clear();
  // jsdom has no layout: the tab bar keeps the selected tab in view with scrollIntoView
  Element.prototype.scrollIntoView = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/api/dashboard/stats')) return json({ success: true, data: stats });
      if (url.startsWith('/api/dashboard/my-work')) {
        const none = { count: 0, items: [] };
        const data = {
          ...{ open: 0, urgent: 0, overdue: 0, minutesThisWeek: 0, weekStart: '2026-03-02', next: [] },
          ...{ today: '2026-03-04', tomorrow: '2026-03-05', days: { today: none, tomorrow: none, late: none } },
        };
        return json({ success: true, data });
      }
      if (url.startsWith('/api/dashboard/sla')) {
        const none = { respectees: 0, depassees: 0, taux: null };
        return json({ success: true, data: { aRisque: 0, depassees: 0, mois: '2026-03', gti: none, gtr: none } });
      }
      if (url.startsWith('/api/dashboard/alerts')) {
        return json({ success: true, data: { urgent: [], overdue: [], counts: { urgent: 0, overdue: 0, total: 0 } } });
      }
      return json({ success: true, data: [], pagination: { total: 0, pages: 0, page: 1, limit: 10 } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderDashboard() {
  const router = createMemoryRouter([{ path: '/', element: <DashboardRoute /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    signedIn({ id: 1, nom: 'Nadia El Fassi', role: 'Responsable', permissions: [...granted] }),
  );
}

const badge = (name: RegExp) => within(screen.getByRole('tab', { name })).getByText(/^\d+$/);

it('every tab has its count badge: the overview counts all interventions, the others their records', async () => {
  granted.add('clients:read').add('equipment:read').add('interventions:read');
  renderDashboard();
  expect(await screen.findByRole('tab', { name: "Vue d'ensemble 42" })).toHaveAttribute('aria-selected', 'true');
  expect(badge(/^Clients/)).toHaveTextContent('6');
  expect(badge(/^Équipements/)).toHaveTextContent('17');
  expect(badge(/^Interventions/)).toHaveTextContent('42');
  expect(screen.getByTestId('active-count')).toHaveTextContent('5');
});

it('a user without the read permissions sees the overview tab alone, without a badge or a figure, and requests none (issue 29)', async () => {
  granted.add('stock:read');
  renderDashboard();
  expect(await screen.findByText(/ne correspond à vos permissions/)).toBeInTheDocument();
  expect(screen.getAllByRole('tab')).toHaveLength(1);
  expect(screen.getByRole('tab')).toHaveAccessibleName("Vue d'ensemble");
  expect(screen.queryByTestId('active-count')).not.toBeInTheDocument();
  expect(screen.queryByText(/Dernière mise à jour/)).not.toBeInTheDocument();
  expect((fetch as unknown as { mock: { calls: unknown[] } }).mock.calls).toEqual([]);
});

it('switching tab selects it (and the overview badge stays)', async () => {
  granted.add('clients:read').add('interventions:read');
  const user = userEvent.setup();
  renderDashboard();
  await user.click(await screen.findByRole('tab', { name: 'Clients 6' }));
  expect(screen.getByRole('tab', { name: 'Clients 6' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: "Vue d'ensemble 42" })).toHaveAttribute('aria-selected', 'false');
});

it('the header shows the user and role, the active count, the last update and a refresh button that refetches', async () => {
  granted.add('interventions:read');
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  const user = userEvent.setup();
  renderDashboard();
  expect(await screen.findByText('Nadia El Fassi')).toBeInTheDocument();
  expect(screen.getByText(/— Responsable/)).toBeInTheDocument();
  await vi.waitFor(() => expect(screen.getByTestId('active-count')).toHaveTextContent('5'));
  expect(screen.getByText(/Dernière mise à jour : \d{2}:\d{2}/)).toBeInTheDocument();
  const statsCalls = () =>
    (fetch as unknown as { mock: { calls: [string][] } }).mock.calls.filter(([u]) =>
      u.startsWith('/api/dashboard/stats'),
    ).length;
  const before = statsCalls();
  await user.click(screen.getByRole('button', { name: 'Actualiser' }));
  await vi.waitFor(() => expect(statsCalls()).toBeGreaterThan(before));
  expect(reload).not.toHaveBeenCalled();
});

it('switching tab clears the search of the tab left (and its page and filters)', async () => {
  granted.add('clients:read').add('equipment:read');
  const user = userEvent.setup();
  renderDashboard();
  await user.click(await screen.findByRole('tab', { name: /^Clients/ }));
  // each tab's list loads its code when opened
  await user.type(await screen.findByRole('searchbox', { name: 'Rechercher un client' }), 'Atlas');
  await user.click(screen.getByRole('tab', { name: /^Équipements/ }));
  await user.click(screen.getByRole('tab', { name: /^Clients/ }));
  expect(await screen.findByRole('searchbox', { name: 'Rechercher un client' })).toHaveValue('');
});

it('a technician opens on "Mon travail", and the interventions tab opens on his own interventions (issue 14)', async () => {
  granted.add('interventions:read').add('interventions:update');
  const user = userEvent.setup();
  renderDashboard();
  expect(await screen.findByRole('button', { name: 'Mon travail', pressed: true })).toBeInTheDocument();
  await user.click(await screen.findByRole('tab', { name: /^Interventions/ }));
  expect(await screen.findByRole('button', { name: 'Retirer le filtre « Mes interventions »' })).toBeInTheDocument();
  // the chip removes the filter, as any other
  await user.click(screen.getByRole('button', { name: 'Retirer le filtre « Mes interventions »' }));
  expect(screen.queryByRole('button', { name: 'Retirer le filtre « Mes interventions »' })).not.toBeInTheDocument();
});
