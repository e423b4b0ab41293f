import type { Client } from '@gmao/domain/clients/client-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { clientsKeys } from './query-keys';

export function getClient(id: number) {
  return api.get<Envelope<Client>>(`/clients/${id}`);
}

export function getClientQueryOptions(id: number) {
  return queryOptions({ queryKey: clientsKeys.detail(id), queryFn: () => getClient(id), staleTime: 5 * 60_000 });
}

export function useClient(id: number | null) {
  return useQuery({ ...getClientQueryOptions(id ?? 0), enabled: id !== null });
}
