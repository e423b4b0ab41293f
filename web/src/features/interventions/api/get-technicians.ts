import type { TechnicianOption } from '@gmao/domain/interventions/assignment-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys } from './query-keys';

export function getTechnicians() {
  return api.get<Envelope<TechnicianOption[]>>('/interventions/technicians', { silent: true });
}

/** Assignable users for the assignee select (enabled, not deleted); users change rarely. */
export function getTechniciansQueryOptions() {
  return queryOptions({ queryKey: interventionKeys.technicians(), queryFn: getTechnicians, staleTime: 5 * 60_000 });
}

export function useTechnicians(enabled = true) {
  return useQuery({ ...getTechniciansQueryOptions(), enabled });
}
