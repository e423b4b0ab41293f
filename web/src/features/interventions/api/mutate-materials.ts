import type { Material, MaterialInput } from '@gmao/domain/interventions/material-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys, invalidateInterventionVersion } from './query-keys';

export function addMaterial(input: { id: number; body: MaterialInput }) {
  return api.post<Envelope<Material>>(`/interventions/${input.id}/materials`, input.body, { silent: true });
}

export function updateMaterial(input: { id: number; mid: number; body: MaterialInput }) {
  return api.put<Envelope<Material>>(`/interventions/${input.id}/materials/${input.mid}`, input.body, {
    silent: true,
  });
}

export function deleteMaterial(input: { id: number; mid: number }) {
  return api.delete<Envelope<null>>(`/interventions/${input.id}/materials/${input.mid}`, { silent: true });
}

/** Materials only change the intervention's materials list (and its total). */
function useMaterialMutation<TInput extends { id: number }, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_data, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: interventionKeys.materials(input.id) }),
        invalidateInterventionVersion(queryClient, input.id),
      ]),
  });
}

export const useAddMaterial = () => useMaterialMutation(addMaterial);
export const useUpdateMaterial = () => useMaterialMutation(updateMaterial);
export const useDeleteMaterial = () => useMaterialMutation(deleteMaterial);
