import type { PartDowntime, ReportFilter } from '@gmao/domain/reports/report-schemas';
import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { reportQuery } from './get-report-summary';
import { reportsKeys } from './query-keys';

export function getPartsDowntime(filter: ReportFilter) {
  return api.get<Envelope<PartDowntime[]>>('/reports/parts-downtime', { query: reportQuery(filter) });
}

/** The parts that kept equipment down longest over the report's selection (issue 18). */
export function usePartsDowntime(filter: ReportFilter | null) {
  const f = filter ?? { dateFrom: '', dateTo: '' };
  return useQuery({
    queryKey: reportsKeys.partsDowntime(reportQuery(f)),
    queryFn: () => getPartsDowntime(f),
    staleTime: 60_000,
    enabled: filter !== null,
  });
}
