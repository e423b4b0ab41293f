import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { DEFAULT_TIMEFRAME, OVERDUE_DAYS, TOTAL_INTERVENTIONS_TREND } from '@gmao/domain/dashboard/metrics';
import { formatNumber, formatPercent } from '@gmao/domain/format/format';
import { AlertTriangle, Building2, CheckCircle2, ClipboardList, Clock, PlayCircle, Wrench } from 'lucide-react';
import { usePermissions } from '../../../lib/session';
import { useDashboardAlerts } from '../api/get-dashboard-alerts';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { AlertsPanel } from './alerts-panel';
import { RecentInterventions } from './recent-interventions';
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
  const stats = useDashboardStats();
  const alerts = useDashboardAlerts();
  const o = stats.data?.data.overview;
  const a = stats.data?.data.alerts;
  const loading = stats.isPending;
  // Unknown (failed load) shows a dash, never a misleading 0.
  const n = (v: number | undefined) => (v === undefined ? '—' : formatNumber(v));

  return (
    <div className="space-y-6">
      {stats.isError && (
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
        <StatCard title="Équipements" value={n(o?.totalEquipment)} icon={Wrench} tone="purple" loading={loading} />
        <StatCard title="Clients" value={n(o?.totalClients)} icon={Building2} tone="green" loading={loading} />
      </div>

      <AlertsPanel
        alerts={alerts.data?.data}
        onShowAll={onShowAll && can(PERMISSIONS.INTERVENTIONS_READ) ? onShowAll : undefined}
      />

      <RecentInterventions onShowAll={onShowAll} onNewIntervention={onNewIntervention} />

      <div className="grid gap-4 md:grid-cols-3">
        <StatCard
          title="Taux de Réalisation"
          value={o ? formatPercent(o.completionRate) : '—'}
          icon={CheckCircle2}
          tone="green"
          loading={loading}
          footer={o && `${n(o.completedInterventions)} intervention(s) terminée(s) sur ${DEFAULT_TIMEFRAME} jours`}
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
    </div>
  );
}
