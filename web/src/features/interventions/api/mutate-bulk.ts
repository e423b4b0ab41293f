import type { Statut } from '@gmao/domain/interventions/status';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { invalidateAfterInterventionChange } from './query-keys';

/** PUT /interventions/bulk/status: every move checked by the workflow, all or nothing. */
export function bulkStatus(input: { ids: number[]; status: Statut }) {
  return api.put<Envelope<{ count: number }>>('/interventions/bulk/status', input, { silent: true });
}

/** PUT /interventions/bulk/assign */
export function bulkAssign(input: { ids: number[]; technicianId: number }) {
  return api.put<Envelope<{ count: number }>>('/interventions/bulk/assign', input, { silent: true });
}

function useBulkMutation<TInput>(fn: (input: TInput) => Promise<Envelope<{ count: number }>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateAfterInterventionChange(queryClient) });
}

export const useBulkStatus = () => useBulkMutation(bulkStatus);
export const useBulkAssign = () => useBulkMutation(bulkAssign);
