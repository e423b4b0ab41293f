import type { Checklist } from '@gmao/domain/interventions/checklist-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys, invalidateInterventionVersion } from './query-keys';

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
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: interventionKeys.history(input.id) }),
        invalidateInterventionVersion(queryClient, input.id),
      ]);
    },
  });
}

/** Ticking is optimistic: the box and the N/M progress change at once, and roll back if the server refuses. */
export function useCheckChecklistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkChecklistItem,
    onMutate: async (input) => {
      const key = interventionKeys.checklist(input.id);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Envelope<Checklist>>(key);
      if (previous) {
        const items = previous.data.items.map((i) => (i.id === input.itemId ? { ...i, checked: input.checked } : i));
        const done = items.filter((i) => i.checked).length;
        queryClient.setQueryData(key, { ...previous, data: { ...previous.data, items, done } });
      }
      return { previous };
    },
    onError: (_err, input, context) => {
      if (context?.previous) queryClient.setQueryData(interventionKeys.checklist(input.id), context.previous);
    },
    onSuccess: (res, input) => {
      queryClient.setQueryData(interventionKeys.checklist(input.id), res);
      return invalidateInterventionVersion(queryClient, input.id);
    },
  });
}
export const useAddChecklistItem = () => useChecklistMutation(addChecklistItem);
export const useDeleteChecklistItem = () => useChecklistMutation(deleteChecklistItem);
