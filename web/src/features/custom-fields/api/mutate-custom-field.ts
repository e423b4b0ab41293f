import type { CustomField, CustomFieldInput } from '@gmao/domain/custom-fields/custom-field-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { customFieldKeys } from './query-keys';

export function createCustomField(input: CustomFieldInput) {
  return api.post<Envelope<CustomField>>('/interventions/custom-fields', input);
}

export function updateCustomField({ id, input }: { id: number; input: CustomFieldInput }) {
  return api.put<Envelope<CustomField>>(`/interventions/custom-fields/${id}`, input);
}

export function deleteCustomField(id: number) {
  return api.delete<Envelope<null>>(`/interventions/custom-fields/${id}`);
}

/**
 * A definition change refreshes every definition list (this page, the interventions detail and list filter). Stored
 * values do not change, so intervention queries stay as they are.
 */
function useCustomFieldMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>, retry?: false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    ...(retry === false ? { retry } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldKeys.all }),
  });
}

// A create retried after a lost answer would meet its own key (409): not retried.
export const useCreateCustomField = () => useCustomFieldMutation(createCustomField, false);
export const useUpdateCustomField = () => useCustomFieldMutation(updateCustomField);
export const useDeleteCustomField = () => useCustomFieldMutation(deleteCustomField);
