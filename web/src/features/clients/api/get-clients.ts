import type { Client } from '@gmao/domain/clients/client-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../../lib/api-client';

export interface ClientFilters {
  page: number;
  limit: number;
  search?: string;
  secteur_activite?: string;
}

/** Query keys from general to specific; every client query lives under ['clients']. */
export const clientsKeys = {
  all: ['clients'] as const,
  lists: () => [...clientsKeys.all, 'list'] as const,
  list: (filters: ClientFilters) => [...clientsKeys.lists(), filters] as const,
  detail: (id: number) => [...clientsKeys.all, 'detail', id] as const,
  sectors: () => [...clientsKeys.all, 'sectors'] as const,
};

export function getClients(filters: ClientFilters) {
  return api.get<ListEnvelope<Client>>('/clients', { query: { ...filters } });
}

/** Client list fresh for 5 minutes (spec §9); the previous page stays on screen while the next one loads. */
export function getClientsQueryOptions(filters: ClientFilters) {
  return queryOptions({
    queryKey: clientsKeys.list(filters),
    queryFn: () => getClients(filters),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useClients(filters: ClientFilters) {
  return useQuery(getClientsQueryOptions(filters));
}
