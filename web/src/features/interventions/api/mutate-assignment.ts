import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { invalidateAfterInterventionChange } from './query-keys';

/** PUT /:id/assign, or DELETE /:id/assign when `technicianId` is null. */
export function setAssignee(input: { id: number; technicianId: number | null; derogation?: { motif: string } }) {
  const path = `/interventions/${input.id}/assign`;
  if (input.technicianId === null) return api.delete<Envelope<Intervention>>(path, { silent: true });
  const body = { technicianId: input.technicianId, ...(input.derogation ? { derogation: input.derogation } : {}) };
  return api.put<Envelope<Intervention>>(path, body, { silent: true });
}

export function useSetAssignee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAssignee, onSuccess: () => invalidateAfterInterventionChange(queryClient) });
}
