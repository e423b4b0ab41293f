import { useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../lib/api-client';
import { queryRoots } from '../../lib/query-keys';

/**
 * Number of requests (QR code, portal) waiting for a decision, shown as a badge on the sidebar's 'Demandes' entry to
 * holders of requests:manage. Under the requests root, so the inbox's decisions refresh it.
 */
export function useNewRequests(enabled: boolean): number {
  const query = useQuery({
    queryKey: [...queryRoots.requests, 'new-count'],
    queryFn: () =>
      api.get<ListEnvelope<unknown>>('/requests', { query: { statut: 'NOUVELLE', limit: 1 }, silent: true }),
    enabled,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  return enabled ? (query.data?.pagination.total ?? 0) : 0;
}
