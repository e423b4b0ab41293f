import type { Analytics } from '@gmao/domain/analytics/analytics-schemas';
import { DistributionCharts } from './distribution-charts';
import { TrendCharts } from './trend-charts';

/** Every Recharts import sits behind this module, which the route loads lazily (its own chunk). */
export default function AnalyticsCharts({ data }: { data: Analytics }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TrendCharts data={data} />
      <DistributionCharts data={data} />
    </div>
  );
}
