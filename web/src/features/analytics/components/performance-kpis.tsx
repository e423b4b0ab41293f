import { formatHours, type Performance } from '@gmao/domain/dashboard/performance-schemas';
import { formatNumber, formatPercent } from '@gmao/domain/format/format';

function Kpi({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <section aria-label={label} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="text-sm font-medium text-slate-600">{label}</h3>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </section>
  );
}

function KpiSkeleton() {
  return <div className="h-24 animate-pulse rounded-lg bg-slate-200" data-skeleton="true" />;
}

/** Headline figures of the timeframe (same definitions as the dashboard, see domain/src/dashboard/metrics.ts). */
export function PerformanceKpis({ data, loading }: { data: Performance | undefined; loading: boolean }) {
  if (!data) {
    // On a failed load the page shows its error message: no skeleton pulsing forever.
    if (!loading) return null;
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-5">
        {['a', 'b', 'c', 'd', 'e'].map((k) => (
          <KpiSkeleton key={k} />
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-5">
      <Kpi
        label="Taux de réalisation"
        value={formatPercent(data.completionRate)}
        hint={`${formatNumber(data.completed)} terminée(s) sur ${formatNumber(data.total)}`}
      />
      <Kpi label="MTTR" value={formatHours(data.mttrHours)} hint="Temps moyen de réparation" />
      <Kpi label="Délai de démarrage" value={formatHours(data.meanTimeToStartHours)} hint="Création → En Cours" />
      <Kpi
        label="Résolues du premier coup"
        value={formatPercent(data.firstTimeFixRate)}
        hint="Sans pause, attente de pièces ni échec"
      />
      <Kpi
        label="Backlog"
        value={formatNumber(data.backlog.count)}
        hint={
          data.backlog.averageAgeDays === null
            ? 'Aucune intervention ouverte échue'
            : `Âge moyen ${formatNumber(data.backlog.averageAgeDays)} j, max ${formatNumber(data.backlog.oldestAgeDays ?? 0)} j`
        }
      />
    </div>
  );
}
