import { queryRoots } from '../../../lib/query-keys';
import type { ReportQuery } from './get-report-summary';

/** Report query keys; the summary is a figure, under the dashboard root that intervention mutations invalidate. */
export const reportsKeys = {
  options: (clientId: number | null) => [...queryRoots.reports, 'options', clientId] as const,
  summary: (query: ReportQuery) => [...queryRoots.dashboard, 'report-summary', query] as const,
  partsDowntime: (query: ReportQuery) => [...queryRoots.dashboard, 'report-parts-downtime', query] as const,
};
