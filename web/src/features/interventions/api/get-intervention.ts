import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys } from './query-keys';

export function getIntervention(id: number) {
  return api.get<Envelope<Intervention>>(`/interventions/${id}`, { silent: true });
}

export function getInterventionQueryOptions(id: number) {
  return queryOptions({
    queryKey: interventionKeys.detail(id),
    queryFn: () => getIntervention(id),
    staleTime: 60_000,
  });
}

/** `pollMs`: the detail view polls with its workflow (15 s while EN_COURS, else 60 s). */
export function useIntervention(id: number | null, pollMs?: number) {
  return useQuery({ ...getInterventionQueryOptions(id ?? 0), enabled: id !== null, refetchInterval: pollMs });
}
