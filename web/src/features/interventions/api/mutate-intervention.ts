import type {
  HistoryEntry,
  Intervention,
  InterventionCreateInput,
} from '@gmao/domain/interventions/intervention-schemas';
import type { Statut } from '@gmao/domain/interventions/status';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { invalidateAfterInterventionChange } from './query-keys';

// The callers show the spec's intervention-flow toasts themselves, hence `silent`.
export function createIntervention(input: InterventionCreateInput) {
  return api.post<Envelope<Intervention>>('/interventions', input, { silent: true });
}

/** The edit form sends only the status change (spec §4). */
export function updateInterventionStatut(input: { id: number; statut: Statut }) {
  return api.put<Envelope<Intervention>>(`/interventions/${input.id}`, { statut: input.statut }, { silent: true });
}

export function changeStatus(input: { id: number; statut: Statut; note?: string }) {
  const body = { statut: input.statut, note: input.note };
  return api.put<Envelope<Intervention>>(`/interventions/${input.id}/status`, body, { silent: true });
}

export function deleteIntervention(id: number) {
  return api.delete<Envelope<null>>(`/interventions/${id}`, { silent: true });
}

export function addWorkflowNote(input: { id: number; note: string }) {
  const body = { note: input.note };
  return api.post<Envelope<HistoryEntry>>(`/interventions/${input.id}/workflow/notes`, body, { silent: true });
}

function useInterventionMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateAfterInterventionChange(queryClient),
  });
}

export const useCreateIntervention = () => useInterventionMutation(createIntervention);
export const useUpdateInterventionStatut = () => useInterventionMutation(updateInterventionStatut);
export const useChangeStatus = () => useInterventionMutation(changeStatus);
export const useDeleteIntervention = () => useInterventionMutation(deleteIntervention);
export const useAddWorkflowNote = () => useInterventionMutation(addWorkflowNote);
