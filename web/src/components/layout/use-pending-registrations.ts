import { useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../lib/api-client';
import { queryRoots } from '../../lib/query-keys';

/**
 * Number of self-registered accounts waiting for activation, shown as a badge on the sidebar's 'Utilisateurs'
 * entry for administrators. Under the users root, so the users screen's mutations (activation) refresh it.
 */
export function usePendingRegistrations(enabled: boolean): number {
  const query = useQuery({
    queryKey: [...queryRoots.users, 'pending-count'],
    queryFn: () => api.get<ListEnvelope<unknown>>('/users', { query: { pending: true, limit: 1 }, silent: true }),
    enabled,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  return enabled ? (query.data?.pagination.total ?? 0) : 0;
}
