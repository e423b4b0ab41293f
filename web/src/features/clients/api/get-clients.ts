import type { Client } from '@gmao/domain/clients/client-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../../lib/api-client';
import { clientsKeys } from './query-keys';

export interface ClientFilters {
  page: number;
  limit: number;
  search?: string;
  secteur_activite?: string;
}

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
