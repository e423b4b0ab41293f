import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import type { ScheduleInput } from '@gmao/domain/interventions/schedule-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { invalidateAfterInterventionChange } from './query-keys';

/** POST /interventions/:id/schedule the first time (409 if someone planned it meanwhile), PUT to replan. */
export function scheduleIntervention(input: { id: number; body: ScheduleInput; first: boolean }) {
  const path = `/interventions/${input.id}/schedule`;
  return input.first
    ? api.post<Envelope<Intervention>>(path, input.body, { silent: true })
    : api.put<Envelope<Intervention>>(path, input.body, { silent: true });
}

export function useScheduleIntervention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleIntervention,
    onSuccess: () => invalidateAfterInterventionChange(queryClient),
  });
}
