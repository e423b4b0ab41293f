import { DEFAULT_TIMEFRAME, TIMEFRAMES } from '@gmao/domain/dashboard/metrics';
import { lazy, Suspense, useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { PREFERENCES, readPreference } from '../../../components/layout/preferences';
import { Spinner } from '../../../components/ui/spinner';
import { useAnalytics } from '../api/get-analytics';
import { usePerformance } from '../api/get-performance';
import { MaintenanceMix } from '../components/maintenance-mix';
import { PerformanceKpis } from '../components/performance-kpis';
import { TimeframeSelect } from '../components/timeframe-select';

// Recharts (~225 KB) stays in its own chunk, loaded after the page shell and the figures.
const AnalyticsCharts = lazy(() => import('../components/analytics-charts'));

/** The default period chosen in /settings, else 30 days (spec §9). */
function initialTimeframe(): number {
  const stored = Number(readPreference(PREFERENCES.analyticsTimeframe));
  return (TIMEFRAMES as readonly number[]).includes(stored) ? stored : DEFAULT_TIMEFRAME;
}

function ChartsFallback() {
  return (
    <div className="flex h-64 items-center justify-center rounded-lg border border-slate-200 bg-white">
      <Spinner size="md" label="Chargement des graphiques..." />
    </div>
  );
}

/** /analytics (analytics:read): timeframe 7/30/90/365 days, headline figures, six charts with data tables. */
export default function AnalyticsRoute() {
  const [timeframe, setTimeframe] = useState(initialTimeframe);
  const analytics = useAnalytics(timeframe);
  const performance = usePerformance(timeframe);
  const failed = analytics.isError || performance.isError;

  return (
    <section className="space-y-6">
      <PageHeader
        title="Analyses"
        description="Évolution des interventions, taux de réalisation, temps de réparation et charge des équipes"
        actions={<TimeframeSelect value={timeframe} onChange={setTimeframe} />}
      />
      {failed && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
        >
          <span>Impossible de charger les analyses.</span>
          <button
            type="button"
            onClick={() => {
              if (analytics.isError) analytics.refetch();
              if (performance.isError) performance.refetch();
            }}
            className="rounded-lg border border-red-300 bg-white px-3 py-1 font-medium text-red-700 hover:bg-red-100"
          >
            Réessayer
          </button>
        </div>
      )}
      <PerformanceKpis data={performance.data?.data} loading={performance.isPending} />
      {analytics.data ? (
        <>
          {analytics.data.data.maintenanceMix && <MaintenanceMix mix={analytics.data.data.maintenanceMix} />}
          <Suspense fallback={<ChartsFallback />}>
            <AnalyticsCharts data={analytics.data.data} />
          </Suspense>
        </>
      ) : (
        analytics.isPending && <ChartsFallback />
      )}
    </section>
  );
}
