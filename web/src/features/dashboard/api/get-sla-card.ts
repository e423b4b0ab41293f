import type { DashboardSla } from '@gmao/domain/dashboard/sla-card-schemas';
import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { dashboardKeys } from './query-keys';

/** The card "Délais garantis" (issue 31), refreshed like the dashboard figures (every 30 s); `enabled`: its block. */
export function useSlaCard(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.sla(),
    queryFn: async () => (await api.get<Envelope<DashboardSla>>('/dashboard/sla', { silent: true })).data,
    staleTime: 25_000,
    refetchInterval: 30_000,
    enabled,
  });
}
