import type { DashboardStats } from '@gmao/domain/dashboard/dashboard-schemas';
import { DEFAULT_TIMEFRAME } from '@gmao/domain/dashboard/metrics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { dashboardKeys } from './query-keys';

export type { DashboardStats };

export function getDashboardStats(timeframe = DEFAULT_TIMEFRAME) {
  return api.get<Envelope<DashboardStats>>('/dashboard/stats', { query: { timeframe }, silent: true });
}

/** Refetch every 30 s, fresh for 25 s (spec §9). */
export function getDashboardStatsQueryOptions(timeframe = DEFAULT_TIMEFRAME) {
  return queryOptions({
    queryKey: dashboardKeys.stats(timeframe),
    queryFn: () => getDashboardStats(timeframe),
    staleTime: 25_000,
    refetchInterval: 30_000,
  });
}

/** `enabled`: false when the reader may see none of its figures (issue 29, `useDashboardBlocks`). */
export function useDashboardStats(timeframe = DEFAULT_TIMEFRAME, enabled = true) {
  return useQuery({ ...getDashboardStatsQueryOptions(timeframe), enabled });
}
