import type { InterventionRecords } from '@gmao/domain/interventions/record-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys } from './query-keys';

export function getRecords(id: number) {
  return api.get<Envelope<InterventionRecords>>(`/interventions/${id}/records`, { silent: true });
}

/** Diagnostic, planification and quality control of one intervention (fresh 60 s like the detail). */
export function getRecordsQueryOptions(id: number) {
  return queryOptions({ queryKey: interventionKeys.records(id), queryFn: () => getRecords(id), staleTime: 60_000 });
}

export function useRecords(id: number) {
  return useQuery(getRecordsQueryOptions(id));
}
