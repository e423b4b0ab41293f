import type { Template, TemplateInput } from '@gmao/domain/templates/template-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { templateKeys } from './query-keys';

export function createTemplate(input: TemplateInput) {
  return api.post<Envelope<Template>>('/interventions/templates', input);
}

export function updateTemplate({ id, input }: { id: number; input: TemplateInput }) {
  return api.put<Envelope<Template>>(`/interventions/templates/${id}`, input);
}

export function deleteTemplate(id: number) {
  return api.delete<Envelope<null>>(`/interventions/templates/${id}`);
}

/** Interventions keep their own copy of a template, so template writes refresh the template lists only. */
function useTemplateMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>, retry?: false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    ...(retry === false ? { retry } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

// A create retried after a lost answer would meet its own name (409): not retried.
export const useCreateTemplate = () => useTemplateMutation(createTemplate, false);
export const useUpdateTemplate = () => useTemplateMutation(updateTemplate);
export const useDeleteTemplate = () => useTemplateMutation(deleteTemplate);
