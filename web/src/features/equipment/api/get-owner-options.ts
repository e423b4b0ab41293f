import { MAX_LIST_LIMIT } from '@gmao/domain/common/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../../lib/api-client';
import { equipmentKeys } from './query-keys';

interface OwnerOption {
  id: number;
  nom_entreprise: string;
  ville: string | null;
}

/** The owner dropdown loads every client with limit 1000 (spec §7); client mutations refresh it (its key). */
export function getOwnerOptions() {
  return api.get<ListEnvelope<OwnerOption>>('/clients', { query: { limit: MAX_LIST_LIMIT } });
}

export function getOwnerOptionsQueryOptions() {
  return queryOptions({
    queryKey: equipmentKeys.ownerOptions(),
    queryFn: getOwnerOptions,
    staleTime: 5 * 60_000,
  });
}

export function useOwnerOptions() {
  return useQuery(getOwnerOptionsQueryOptions());
}
