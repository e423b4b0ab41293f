import type { Checklist } from '@gmao/domain/interventions/checklist-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys } from './query-keys';

export function getChecklist(id: number) {
  return api.get<Envelope<Checklist>>(`/interventions/${id}/checklist`, { silent: true });
}

export function getChecklistQueryOptions(id: number) {
  return queryOptions({ queryKey: interventionKeys.checklist(id), queryFn: () => getChecklist(id), staleTime: 60_000 });
}

export function useChecklist(id: number) {
  return useQuery(getChecklistQueryOptions(id));
}

export function checkChecklistItem(input: { id: number; itemId: number; checked: boolean }) {
  const body = { checked: input.checked };
  return api.put<Envelope<Checklist>>(`/interventions/${input.id}/checklist/${input.itemId}`, body, { silent: true });
}

export function addChecklistItem(input: { id: number; label: string }) {
  const body = { label: input.label };
  return api.post<Envelope<Checklist>>(`/interventions/${input.id}/checklist`, body, { silent: true });
}

export function deleteChecklistItem(input: { id: number; itemId: number }) {
  return api.delete<Envelope<Checklist>>(`/interventions/${input.id}/checklist/${input.itemId}`, { silent: true });
}

/** Every checklist call answers with the whole checklist: it replaces the cache; add/remove also write history. */
function useChecklistMutation<TInput extends { id: number }>(fn: (input: TInput) => Promise<Envelope<Checklist>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res, input) => {
      queryClient.setQueryData(interventionKeys.checklist(input.id), res);
      return queryClient.invalidateQueries({ queryKey: interventionKeys.history(input.id) });
    },
  });
}

export const useCheckChecklistItem = () => useChecklistMutation(checkChecklistItem);
export const useAddChecklistItem = () => useChecklistMutation(addChecklistItem);
export const useDeleteChecklistItem = () => useChecklistMutation(deleteChecklistItem);
