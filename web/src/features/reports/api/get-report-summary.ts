import type { ReportFilter, ReportSummary } from '@gmao/domain/reports/report-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

export const reportQuery = (f: ReportFilter) => ({
  dateFrom: f.dateFrom,
  dateTo: f.dateTo,
  clientId: f.clientId,
  equipementId: f.equipementId,
  technicianId: f.technicianId,
});

export function getReportSummary(filter: ReportFilter) {
  return api.get<Envelope<ReportSummary>>('/reports/summary', { query: reportQuery(filter) });
}

/** Under ['dashboard', …]: intervention mutations invalidate it with the other figures. */
export function getReportSummaryQueryOptions(filter: ReportFilter) {
  return queryOptions({
    queryKey: ['dashboard', 'report-summary', reportQuery(filter)] as const,
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
