import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../../lib/api-client';
import { type InterventionFilters, interventionKeys } from './query-keys';

export function getInterventions(filters: InterventionFilters) {
  return api.get<ListEnvelope<Intervention>>('/interventions', { query: { ...filters }, silent: true });
}

/** Intervention list: fresh 60 s (spec §9); the previous page stays visible while the next one loads. */
export function getInterventionsQueryOptions(filters: InterventionFilters) {
  return queryOptions({
    queryKey: interventionKeys.list(filters),
    queryFn: () => getInterventions(filters),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useInterventions(filters: InterventionFilters) {
  return useQuery(getInterventionsQueryOptions(filters));
}
