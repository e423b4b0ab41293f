import type { BulkResult, BulkUpdateData } from '@gmao/domain/interventions/bulk-schemas';
import type { Statut } from '@gmao/domain/interventions/status';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { invalidateAfterInterventionChange } from './query-keys';

/** PUT /interventions/bulk/status: every move checked by the workflow, all or nothing. */
export function bulkStatus(input: { ids: number[]; status: Statut; motif?: string }) {
  return api.put<Envelope<{ count: number }>>('/interventions/bulk/status', input, { silent: true });
}

/** PUT /interventions/bulk/assign */
export function bulkAssign(input: { ids: number[]; technicianId: number }) {
  return api.put<Envelope<{ count: number }>>('/interventions/bulk/assign', input, { silent: true });
}

/** PUT /interventions/bulk {ids, data}: all or nothing; a refusal lists every failure (ApiError.failed). */
export function bulkUpdate(input: { ids: number[]; data: BulkUpdateData }) {
  return api.put<Envelope<BulkResult>>('/interventions/bulk', input, { silent: true });
}

/** DELETE /interventions/bulk {ids}: to the Corbeille, all or nothing (a JSON body on DELETE). */
export function bulkTrash(input: { ids: number[] }) {
  return api.delete<Envelope<BulkResult>>('/interventions/bulk', { body: input, silent: true });
}

function useBulkMutation<TInput, TResult extends { count: number }>(fn: (input: TInput) => Promise<Envelope<TResult>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateAfterInterventionChange(queryClient) });
}

export const useBulkStatus = () => useBulkMutation(bulkStatus);
export const useBulkAssign = () => useBulkMutation(bulkAssign);
export const useBulkUpdate = () => useBulkMutation(bulkUpdate);
export const useBulkTrash = () => useBulkMutation(bulkTrash);
