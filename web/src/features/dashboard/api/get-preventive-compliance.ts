import type { Compliance } from '@gmao/domain/plans/plan-schemas';
import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { dashboardKeys } from './query-keys';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Preventive maintenance on time over the last 12 months (issue 17), for readers of plans. */
export function usePreventiveCompliance(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.preventive(),
    queryFn: () =>
      api.get<Envelope<Compliance>>('/plans/compliance', { query: { from: day(-365), to: day(0) }, silent: true }),
    staleTime: 60_000,
    enabled,
  });
}
