import type { HistoryEntry } from '@gmao/domain/interventions/intervention-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { WORKFLOW_POLL_ACTIVE_MS, WORKFLOW_POLL_IDLE_MS } from './get-workflow';
import { interventionKeys } from './query-keys';

export function getWorkflowHistory(id: number) {
  return api.get<Envelope<HistoryEntry[]>>(`/interventions/${id}/workflow/history`, { silent: true });
}

export function getWorkflowHistoryQueryOptions(id: number, active: boolean) {
  return queryOptions({
    queryKey: interventionKeys.history(id),
    queryFn: () => getWorkflowHistory(id),
    staleTime: 30_000,
    refetchInterval: active ? WORKFLOW_POLL_ACTIVE_MS : WORKFLOW_POLL_IDLE_MS,
  });
}

export function useWorkflowHistory(id: number | null, active = false) {
  return useQuery({ ...getWorkflowHistoryQueryOptions(id ?? 0, active), enabled: id !== null });
}
