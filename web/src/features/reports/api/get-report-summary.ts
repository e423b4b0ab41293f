import type { ReportFilter, ReportSummary } from '@gmao/domain/reports/report-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { reportsKeys } from './query-keys';

export const reportQuery = (f: ReportFilter) => ({
  dateFrom: f.dateFrom,
  dateTo: f.dateTo,
  clientId: f.clientId,
  equipementId: f.equipementId,
  technicianId: f.technicianId,
});
export type ReportQuery = ReturnType<typeof reportQuery>;

export function getReportSummary(filter: ReportFilter) {
  return api.get<Envelope<ReportSummary>>('/reports/summary', { query: reportQuery(filter) });
}

/** Under the dashboard root: intervention mutations invalidate it with the other figures. */
export function getReportSummaryQueryOptions(filter: ReportFilter) {
  return queryOptions({
    queryKey: reportsKeys.summary(reportQuery(filter)),
    queryFn: () => getReportSummary(filter),
    staleTime: 60_000,
  });
}

export function useReportSummary(filter: ReportFilter | null) {
  return useQuery({
    ...getReportSummaryQueryOptions(filter ?? { dateFrom: '', dateTo: '' }),
    enabled: filter !== null,
  });
}
