import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { DASHBOARD_ACCESS_MESSAGES } from '@gmao/domain/dashboard/dashboard-access';
import {
  DEFAULT_TIMEFRAME,
  OVERDUE_DAYS,
  RECENT_LIMIT_DEFAULT,
  TOTAL_INTERVENTIONS_TREND,
} from '@gmao/domain/dashboard/metrics';
import { MY_WORK_MESSAGES } from '@gmao/domain/dashboard/my-work-schemas';
import { formatNumber, formatPercent } from '@gmao/domain/format/format';
import { PLAN_LABELS } from '@gmao/domain/plans/plan-words';
import {
  AlertTriangle,
  Building2,
  CalendarClock,
  CheckCircle2,
  ClipboardList,
  Clock,
  PlayCircle,
  Wrench,
} from 'lucide-react';
import { useState } from 'react';
import { usePermissions } from '../../../lib/session';
import { useDashboardBlocks } from '../api/dashboard-blocks';
import { useDashboardAlerts } from '../api/get-dashboard-alerts';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { usePreventiveCompliance } from '../api/get-preventive-compliance';
import { useRecentInterventions } from '../api/get-recent-interventions';
import { AlertsPanel } from './alerts-panel';
import { MyWork } from './my-work';
import { RecentInterventions } from './recent-interventions';
import { SlaCard } from './sla-card';
import { StatCard } from './stat-card';

/**
 * The overview tab (spec §2): four stat cards, 'Alertes Importantes' when there are alerts, 'Interventions
 * Récentes', then completion rate, urgent and overdue cards. `onShowAll` switches to the interventions tab;
 * 'Nouvelle Intervention' appears only when `onNewIntervention` is given (and the user holds interventions:create).
 */
export function DashboardOverview({
  onShowAll,
  onNewIntervention,
}: {
  onShowAll?: () => void;
  onNewIntervention?: () => void;
}) {
  const { can } = usePermissions();
  // Issue 14: who works on interventions without dispatching them (a technician) opens on his own; all may switch.
  const readsInterventions = can(PERMISSIONS.INTERVENTIONS_READ);
  const [view, setView] = useState<'mine' | 'company'>(
    readsInterventions && can(PERMISSIONS.INTERVENTIONS_UPDATE) && !can(PERMISSIONS.INTERVENTIONS_ASSIGN)
      ? 'mine'
      : 'company',
  );
  return (
    <div className="space-y-4">
      {readsInterventions && (
        <fieldset className="inline-flex rounded-lg border border-slate-200 bg-white p-1">
          <legend className="sr-only">Vue du tableau de bord</legend>
          {(['mine', 'company'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`min-h-11 rounded-md px-3 text-sm font-medium sm:min-h-9 ${view === v ? 'bg-blue-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {v === 'mine' ? MY_WORK_MESSAGES.mine : MY_WORK_MESSAGES.company}
            </button>
          ))}
        </fieldset>
      )}
      {view === 'mine' ? <MyWork /> : <CompanyOverview onShowAll={onShowAll} onNewIntervention={onNewIntervention} />}
    </div>
  );
}

function CompanyOverview({ onShowAll, onNewIntervention }: { onShowAll?: () => void; onNewIntervention?: () => void }) {
  const { can } = usePermissions();
  // Issue 29: a block the user may not read is neither shown nor requested.
  const blocks = useDashboardBlocks();
  const stats = useDashboardStats(DEFAULT_TIMEFRAME, blocks.stats);
  const alerts = useDashboardAlerts(blocks.interventions);
  const recent = useRecentInterventions(RECENT_LIMIT_DEFAULT, blocks.interventions);
  const readsPlans = can(PERMISSIONS.PLANS_READ);
  const preventive = usePreventiveCompliance(readsPlans);
  const p = preventive.data?.data.total;
  const o = stats.data?.data.overview;
  const a = stats.data?.data.alerts;
  const loading = blocks.stats && stats.isPending;
  // Unknown (failed load) shows a dash, never a misleading 0.
  const n = (v: number | undefined) => (v === undefined ? '—' : formatNumber(v));

  if (!blocks.stats && !readsPlans) {
    return (
      <p role="status" className="rounded-lg border border-slate-200 bg-white p-6 text-sm text-slate-600">
        {DASHBOARD_ACCESS_MESSAGES.nothing}
      </p>
    );
  }
  return (
    <div className="space-y-6">
      {blocks.stats && stats.isError && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
        >
          <span>Impossible de charger les statistiques du tableau de bord.</span>
          <button
            type="button"
            onClick={() => stats.refetch()}
            className="rounded-lg border border-red-300 bg-white px-3 py-1 font-medium text-red-700 hover:bg-red-100"
          >
            Réessayer
          </button>
        </div>
      )}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {blocks.interventions && (
          <>
            <StatCard
              title="Total Interventions"
              value={n(o?.totalInterventions)}
              icon={ClipboardList}
              loading={loading}
              footer={
                <span className="font-medium text-green-700">
                  +{TOTAL_INTERVENTIONS_TREND}% <span className="font-normal text-slate-500">ce mois-ci</span>
                </span>
              }
            />
            <StatCard
              title="En Cours"
              value={n(o?.activeInterventions)}
              icon={PlayCircle}
              tone="yellow"
              loading={loading}
            />
          </>
        )}
        {blocks.equipment && (
          <StatCard title="Équipements" value={n(o?.totalEquipment)} icon={Wrench} tone="purple" loading={loading} />
        )}
        {blocks.clients && (
          <StatCard title="Clients" value={n(o?.totalClients)} icon={Building2} tone="green" loading={loading} />
        )}
      </div>

      {/* Issue 14: the alerts would be inserted above the recent table the user is reading. What follows the first
          cards appears at once, when the alerts, the recent interventions and the figures are all in. */}
      {blocks.interventions && (alerts.isPending || recent.isPending || loading) ? (
        <div aria-busy="true" className="space-y-6">
          <span className="sr-only">Chargement…</span>
          <div data-skeleton="true" className="h-72 animate-pulse rounded-lg border border-slate-200 bg-white" />
          <div className="grid gap-4 md:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <div
                key={i}
                data-skeleton="true"
                className="h-32 animate-pulse rounded-lg border border-slate-200 bg-white"
              />
            ))}
          </div>
        </div>
      ) : (
        <>
          {blocks.interventions && (
            <>
              <AlertsPanel
                alerts={alerts.data?.data}
                onShowAll={onShowAll && can(PERMISSIONS.INTERVENTIONS_READ) ? onShowAll : undefined}
              />
              <RecentInterventions onShowAll={onShowAll} onNewIntervention={onNewIntervention} />
              <div className="grid gap-4 md:grid-cols-3">
                <StatCard
                  title="Taux de Réalisation"
                  value={o?.completionRate === undefined ? '—' : formatPercent(o.completionRate)}
                  icon={CheckCircle2}
                  tone="green"
                  loading={loading}
                  footer={
                    o && `${n(o.completedInterventions)} intervention(s) terminée(s) sur ${DEFAULT_TIMEFRAME} jours`
                  }
                />
                <StatCard
                  title="Interventions Urgentes"
                  value={n(a?.urgentInterventions)}
                  icon={AlertTriangle}
                  tone="red"
                  loading={loading}
                  footer="Ouvertes et marquées urgentes"
                />
                <StatCard
                  title="Interventions en Retard"
                  value={n(a?.overdueInterventions)}
                  icon={Clock}
                  tone="orange"
                  loading={loading}
                  footer={`Ouvertes, datées de plus de ${OVERDUE_DAYS} jours`}
                />
              </div>
            </>
          )}
          {/* Issue 31: fixed height in every state, mounted with the blocks above: it moves nothing. */}
          {blocks.sla && <SlaCard />}
          {readsPlans && (
            // Last on the page: arriving after the rest, it moves nothing (issue 14).
            <StatCard
              title="Maintenance préventive"
              value={p ? PLAN_LABELS.onTime(p.on_time_pct) : '—'}
              icon={CalendarClock}
              tone="blue"
              loading={preventive.isPending}
              footer={
                p &&
                `12 derniers mois : ${formatNumber(p.on_time)} à temps, ${formatNumber(p.late)} en retard, ${formatNumber(p.missed)} manquée(s)`
              }
            />
          )}
        </>
      )}
    </div>
  );
}
