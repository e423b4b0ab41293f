import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { displayName, displayRole } from '@gmao/domain/auth/user';
import { DEFAULT_TIMEFRAME } from '@gmao/domain/dashboard/metrics';
import { formatNumber, formatTime } from '@gmao/domain/format/format';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, ClipboardList, LayoutDashboard, RefreshCw, Wrench } from 'lucide-react';
import { type KeyboardEvent, lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { useDashboardBlocks } from '../../features/dashboard/api/dashboard-blocks';
import { useDashboardStats } from '../../features/dashboard/api/get-dashboard-stats';
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview';
import { RenewalCard } from '../../features/habilitations/components/renewal-card';
import { queryRoots } from '../../lib/query-keys';
import { usePermissions, useSession } from '../../lib/session';
import { useNewInterventionLauncher } from '../composition/new-intervention';

// Each list tab's code loads when the tab opens (issue 16: `/` loads only what it shows).
const ClientsList = lazy(() =>
  import('../../features/clients/components/clients-list').then((m) => ({ default: m.ClientsList })),
);
const EquipmentList = lazy(() =>
  import('../../features/equipment/components/equipment-list').then((m) => ({ default: m.EquipmentList })),
);
const InterventionsList = lazy(() =>
  import('../../features/interventions/components/list/interventions-list').then((m) => ({
    default: m.InterventionsList,
  })),
);

export type DashboardTab = 'overview' | 'clients' | 'equipment' | 'interventions';

interface TabDef {
  id: DashboardTab;
  label: string;
  icon: typeof LayoutDashboard;
  permission?: string;
  count?: number;
  render: () => ReactNode;
}

/**
 * The dashboard (spec §2): header, then tabs. Each tab's list keeps its own page/search/filter state and is
 * unmounted when another tab is chosen, so switching tab resets page to 1 and clears search and filters.
 */
export default function DashboardRoute() {
  const { user } = useSession();
  useDocumentTitle('Tableau de Bord');
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  // Issue 29: the figures the user may not read are neither requested nor shown (their badges neither).
  const blocks = useDashboardBlocks();
  const stats = useDashboardStats(DEFAULT_TIMEFRAME, blocks.stats);
  const statsLoading = blocks.stats && stats.isPending;
  const queryClient = useQueryClient();
  const newIntervention = useNewInterventionLauncher();
  const overview = stats.data?.data.overview;
  // The time the figures were last fetched (they refresh every 30 s, spec §9).
  const lastUpdate = stats.dataUpdatedAt ? formatTime(stats.dataUpdatedAt) : '—';

  // Everyone sees the overview: it is the fallback tab. Its count badge (spec: every tab has one) is the overview's
  // headline figure, the total of interventions, which its first stat card also shows — for readers of interventions.
  const overviewTab: TabDef = {
    id: 'overview',
    label: "Vue d'ensemble",
    icon: LayoutDashboard,
    count: overview?.totalInterventions,
    render: () => (
      <>
        {can(PERMISSIONS.HABILITATIONS_MANAGE) && (
          <div className="mb-4">
            <RenewalCard />
          </div>
        )}
        <DashboardOverview onShowAll={() => select('interventions')} onNewIntervention={() => newIntervention.open()} />
      </>
    ),
  };
  const tabs: TabDef[] = [
    overviewTab,
    ...(
      [
        {
          id: 'clients',
          label: 'Clients',
          icon: Building2,
          permission: PERMISSIONS.CLIENTS_READ,
          count: overview?.totalClients,
          render: () => <ClientsList variant="tab" />,
        },
        {
          id: 'equipment',
          label: 'Équipements',
          icon: Wrench,
          permission: PERMISSIONS.EQUIPMENT_READ,
          count: overview?.totalEquipment,
          render: () => <EquipmentList variant="tab" onNewIntervention={newIntervention.open} />,
        },
        {
          id: 'interventions',
          label: 'Interventions',
          icon: ClipboardList,
          permission: PERMISSIONS.INTERVENTIONS_READ,
          count: overview?.totalInterventions,
          render: () => <InterventionsList variant="tab" />,
        },
      ] satisfies TabDef[]
    ).filter((t) => !t.permission || can(t.permission)),
  ];

  const requested = params.get('tab') as DashboardTab | null;
  const active = tabs.find((t) => t.id === requested) ?? overviewTab;
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the tab bar scrolls sideways: keep the selected tab in view (e.g. after 'Voir tout' or a ?tab= link),
  // again once the count badges have widened the tabs.
  const countsLoaded = overview !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the badges appear (they change the widths).
  useEffect(() => {
    const list = tabList.current;
    // The first tab (the overview: the dashboard as it opens) is in view already: no scrollIntoView, whose forced
    // layout of the whole page cost ~100 ms on a phone on opening and again when the figures arrive (issue 30).
    if (!list || active.id === tabs[0]?.id) return;
    list.querySelector<HTMLElement>(`#tab-${active.id}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active.id, countsLoaded]);
  function select(id: DashboardTab) {
    setParams(id === 'overview' ? {} : { tab: id }, { replace: true });
  }
  // WAI-ARIA tabs: arrows, Home and End move between tabs (one tab stop for the whole bar).
  function onTabKey(e: KeyboardEvent<HTMLButtonElement>) {
    const i = tabs.findIndex((t) => t.id === active.id);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length];
    if (!target) return;
    select(target.id);
    document.getElementById(`tab-${target.id}`)?.focus();
  }

  return (
    <section>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Tableau de Bord</h1>
          <p className="mt-1 text-slate-600">
            Bienvenue, <span className="font-medium">{displayName(user)}</span> — {displayRole(user)}
          </p>
          {blocks.stats && (
            // Issue 30: on a phone the line wrapped once the figures replaced the dashes ("—" → "6", "—" → "20:09"),
            // pushing the whole page down 20 px (CLS 0.29): there, each half has a line of its own from the start.
            <p className="mt-1 text-sm text-slate-500">
              {blocks.interventions && (
                <span className="block sm:inline">
                  <span className="font-medium text-blue-700" data-testid="active-count">
                    {overview?.activeInterventions === undefined ? '—' : formatNumber(overview.activeInterventions)}
                  </span>{' '}
                  intervention(s) active(s)<span className="hidden sm:inline"> ·</span>{' '}
                </span>
              )}
              <span className="block sm:inline">Dernière mise à jour : {lastUpdate}</span>
            </p>
          )}
        </div>
        <button
          type="button"
          // Issue 14 changes spec §2's "reloads the page": it refetches the dashboard's data (no full reload).
          onClick={() => void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard })}
          disabled={stats.isFetching}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          <RefreshCw className={`h-4 w-4 ${stats.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" /> Actualiser
        </button>
      </header>

      <div
        ref={tabList}
        role="tablist"
        aria-label="Sections du tableau de bord"
        className="mb-6 flex flex-nowrap gap-1 overflow-x-auto border-b border-slate-200"
      >
        {tabs.map((t) => {
          const selected = t.id === active.id;
          return (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`panel-${t.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(t.id)}
              onKeyDown={onTabKey}
              className={`-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-medium ${
                selected ? 'border-blue-700 text-blue-700' : 'border-transparent text-slate-600 hover:text-slate-900'
              }`}
            >
              <t.icon className="h-4 w-4" aria-hidden="true" />
              {t.label}
              {/* a space, so the tab's accessible name reads "Clients 6" (flex ignores it visually) */}
              {t.count !== undefined && ' '}
              {/* the badge's room is kept while the figures load, so the tabs do not move when they arrive */}
              {t.count === undefined && statsLoading && (t.id !== 'overview' || blocks.interventions) && (
                <span data-skeleton="true" className="h-5 min-w-10 rounded-full bg-slate-100" />
              )}
              {t.count !== undefined && (
                <span
                  className={`min-w-10 rounded-full px-2 py-0.5 text-center text-xs ${selected ? 'bg-blue-100 text-blue-800' : 'bg-slate-100 text-slate-700'}`}
                >
                  {formatNumber(t.count)}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`panel-${active.id}`} aria-labelledby={`tab-${active.id}`} key={active.id}>
        <Suspense fallback={<PageLoader />}>{active.render()}</Suspense>
      </div>
      {newIntervention.modal}
    </section>
  );
}
