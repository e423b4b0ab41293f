import type { Workflow } from '@gmao/domain/interventions/intervention-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys } from './query-keys';

export const WORKFLOW_POLL_ACTIVE_MS = 15_000;
export const WORKFLOW_POLL_IDLE_MS = 60_000;

export function getWorkflow(id: number) {
  return api.get<Envelope<Workflow>>(`/interventions/${id}/workflow`, { silent: true });
}

/** Fresh 30 s; polled every 15 s while EN_COURS, else every 60 s (spec §4, §9). */
export function getWorkflowQueryOptions(id: number) {
  return queryOptions({
    queryKey: interventionKeys.workflow(id),
    queryFn: () => getWorkflow(id),
    staleTime: 30_000,
    refetchInterval: (query) =>
      query.state.data?.data.statut === 'EN_COURS' ? WORKFLOW_POLL_ACTIVE_MS : WORKFLOW_POLL_IDLE_MS,
  });
}

export function useWorkflow(id: number | null) {
  return useQuery({ ...getWorkflowQueryOptions(id ?? 0), enabled: id !== null });
}
