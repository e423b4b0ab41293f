import type { LifecycleAction, LifecycleState } from '@gmao/domain/interventions/lifecycle-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { invalidateAfterInterventionChange } from './query-keys';

/** PUT /interventions/:id/{soft-delete|restore|archive|unarchive}; the caller shows the toasts. */
export function applyLifecycle(input: { id: number; action: LifecycleAction }) {
  return api.put<Envelope<LifecycleState>>(`/interventions/${input.id}/${input.action}`, undefined, { silent: true });
}

/** DELETE /interventions/:id/force: for good, with its files. */
export function forceDeleteIntervention(id: number) {
  return api.delete<Envelope<null>>(`/interventions/${id}/force`, { silent: true });
}

export function useLifecycleAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyLifecycle, onSuccess: () => invalidateAfterInterventionChange(queryClient) });
}

export function useForceDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceDeleteIntervention,
    onSuccess: () => invalidateAfterInterventionChange(queryClient),
  });
}
