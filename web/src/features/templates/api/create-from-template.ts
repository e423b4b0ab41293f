import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import type { TemplateCreateIntervention } from '@gmao/domain/templates/template-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { templateKeys } from './query-keys';

export interface CreateFromTemplateInput {
  templateId: number;
  body: TemplateCreateIntervention;
}

// The caller shows the intervention-flow toasts (spec §8, §9: 2 s / 4 s), hence `silent`.
export function createFromTemplate({ templateId, body }: CreateFromTemplateInput) {
  return api.post<Envelope<Intervention>>(`/interventions/templates/${templateId}/create`, body, { silent: true });
}

/**
 * A new intervention: the interventions lists, the dashboard figures and the equipment's history follow (through
 * their roots, since features never import each other), and the template's usage count.
 */
export function useCreateFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFromTemplate,
    // Not idempotent: a retry after a lost answer would create a second intervention.
    retry: false,
    onSuccess: () =>
      Promise.all(
        [queryRoots.interventions, queryRoots.dashboard, queryRoots.equipment, templateKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
