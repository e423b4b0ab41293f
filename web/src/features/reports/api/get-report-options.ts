import type { ReportOptions } from '@gmao/domain/reports/report-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { reportsKeys } from './query-keys';

export function getReportOptions(clientId?: number) {
  return api.get<Envelope<ReportOptions>>('/reports/options', { query: { clientId }, silent: true });
}

export function getReportOptionsQueryOptions(clientId?: number) {
  return queryOptions({
    queryKey: reportsKeys.options(clientId ?? null),
    queryFn: () => getReportOptions(clientId),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useReportOptions(clientId?: number) {
  return useQuery(getReportOptionsQueryOptions(clientId));
}
