import type { DashboardAlerts } from '@gmao/domain/dashboard/dashboard-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { dashboardKeys } from './query-keys';

export function getDashboardAlerts() {
  return api.get<Envelope<DashboardAlerts>>('/dashboard/alerts', { silent: true });
}

/** Refetch every 30 s (spec §9). */
export function getDashboardAlertsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.alerts(),
    queryFn: getDashboardAlerts,
    staleTime: 25_000,
    refetchInterval: 30_000,
  });
}

/** `enabled`: false for a reader without interventions:read (issue 29: the server would answer 403). */
export function useDashboardAlerts(enabled = true) {
  return useQuery({ ...getDashboardAlertsQueryOptions(), enabled });
}
