import { DEFAULT_TIMEFRAME } from '@gmao/domain/dashboard/metrics';
import type { Performance } from '@gmao/domain/dashboard/performance-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { analyticsKeys } from './query-keys';

export function getPerformance(timeframe = DEFAULT_TIMEFRAME) {
  return api.get<Envelope<Performance>>('/interventions/performance', { query: { timeframe }, silent: true });
}

/** Performance refetches every 5 min, fresh 4 min (spec §9). */
export function getPerformanceQueryOptions(timeframe = DEFAULT_TIMEFRAME) {
  return queryOptions({
    queryKey: analyticsKeys.performance(timeframe),
    queryFn: () => getPerformance(timeframe),
    staleTime: 4 * 60_000,
    refetchInterval: 5 * 60_000,
    // Changing the timeframe keeps the current charts on screen until the new figures arrive.
    placeholderData: keepPreviousData,
  });
}

export function usePerformance(timeframe = DEFAULT_TIMEFRAME) {
  return useQuery(getPerformanceQueryOptions(timeframe));
}
