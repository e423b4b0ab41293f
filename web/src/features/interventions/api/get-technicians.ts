import type { TechnicianOption } from '@gmao/domain/interventions/assignment-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys } from './query-keys';

export function getTechnicians(interventionId?: number) {
  return api.get<Envelope<TechnicianOption[]>>('/interventions/technicians', {
    silent: true,
    query: interventionId ? { intervention_id: interventionId } : undefined,
  });
}

/**
 * Assignable users for the assignee select (enabled, not deleted); users change rarely. With `interventionId`
 * (issue 34): each rated for its work, the qualified first — refreshed with the interventions (a new titre, a new day).
 */
export function getTechniciansQueryOptions(interventionId?: number) {
  return queryOptions({
    queryKey: interventionKeys.technicians(interventionId),
    queryFn: () => getTechnicians(interventionId),
    staleTime: interventionId ? 0 : 5 * 60_000,
  });
}

export function useTechnicians(enabled = true, interventionId?: number) {
  return useQuery({ ...getTechniciansQueryOptions(interventionId), enabled });
}
