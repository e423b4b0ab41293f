import type { Analytics } from '@gmao/domain/analytics/analytics-schemas';
import { DEFAULT_TIMEFRAME } from '@gmao/domain/dashboard/metrics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { analyticsKeys } from './query-keys';

export function getAnalytics(timeframe = DEFAULT_TIMEFRAME) {
  return api.get<Envelope<Analytics>>('/interventions/analytics', { query: { timeframe }, silent: true });
}

/** Under the dashboard root so intervention mutations refresh it too; charts refetch every 5 min, fresh 4 min (spec §9). */
export function getAnalyticsQueryOptions(timeframe = DEFAULT_TIMEFRAME) {
  return queryOptions({
    queryKey: analyticsKeys.analytics(timeframe),
    queryFn: () => getAnalytics(timeframe),
    staleTime: 4 * 60_000,
    refetchInterval: 5 * 60_000,
    // Changing the timeframe keeps the current charts on screen until the new figures arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(timeframe = DEFAULT_TIMEFRAME) {
  return useQuery(getAnalyticsQueryOptions(timeframe));
}
