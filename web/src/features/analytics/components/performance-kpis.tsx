import { formatHours, type Performance } from '@gmao/domain/dashboard/performance-schemas';
import { formatNumber, formatPercent } from '@gmao/domain/format/format';

import type { ReactNode } from 'react';

function Kpi({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <section aria-label={label} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-sm font-medium text-slate-600">{label}</h2>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </section>
  );
}

const KPI_LABELS = ['Taux de réalisation', 'MTTR', 'Délai de démarrage', 'Résolues du premier coup', 'En attente'];

/** The cards themselves with placeholders for the figures: the same size as once loaded (issue 14, no shift). */
function KpiSkeleton({ label }: { label: string }) {
  const bar = (size: string) => (
    <span data-skeleton="true" className={`inline-block ${size} animate-pulse rounded bg-slate-200 align-middle`} />
  );
  return <Kpi label={label} value={bar('h-7 w-20')} hint={bar('h-3 w-32')} />;
}

/** Headline figures of the timeframe (same definitions as the dashboard, see domain/src/dashboard/metrics.ts). */
export function PerformanceKpis({ data, loading }: { data: Performance | undefined; loading: boolean }) {
  if (!data) {
    // On a failed load the page shows its error message: no skeleton pulsing forever.
    if (!loading) return null;
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-5">
        {KPI_LABELS.map((label) => (
          <KpiSkeleton key={label} label={label} />
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
        label="En attente"
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
