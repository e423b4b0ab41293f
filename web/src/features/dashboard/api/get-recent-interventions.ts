import type { RecentIntervention } from '@gmao/domain/dashboard/dashboard-schemas';
import { RECENT_LIMIT_DEFAULT } from '@gmao/domain/dashboard/metrics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { dashboardKeys } from './query-keys';

export function getRecentInterventions(limit = RECENT_LIMIT_DEFAULT) {
  return api.get<Envelope<RecentIntervention[]>>('/dashboard/recent-interventions', {
    query: { limit },
    silent: true,
  });
}

/** Refetch every 60 s, fresh for 50 s (spec §9). */
export function getRecentInterventionsQueryOptions(limit = RECENT_LIMIT_DEFAULT) {
  return queryOptions({
    queryKey: dashboardKeys.recent(limit),
    queryFn: () => getRecentInterventions(limit),
    staleTime: 50_000,
    refetchInterval: 60_000,
  });
}

/** `enabled`: false for a reader without interventions:read (issue 29: the server would answer 403). */
export function useRecentInterventions(limit = RECENT_LIMIT_DEFAULT, enabled = true) {
  return useQuery({ ...getRecentInterventionsQueryOptions(limit), enabled });
}
