import type { TimerLog, TimerSessionCorrection } from '@gmao/domain/interventions/activity-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys, invalidateInterventionVersion } from './query-keys';

// The timer calls: the log (fetcher, queryOptions, hook) and start/stop, which answer with the new log.
export const getTimerLog = (id: number) =>
  api.get<Envelope<TimerLog>>(`/interventions/${id}/timer/log`, { silent: true });

export function getTimerLogQueryOptions(id: number) {
  return queryOptions({ queryKey: interventionKeys.timer(id), queryFn: () => getTimerLog(id), staleTime: 30_000 });
}

export const useTimerLog = (id: number) => useQuery(getTimerLogQueryOptions(id));

export const timerAction = (input: { id: number; action: 'start' | 'stop' }) =>
  api.post<Envelope<TimerLog>>(`/interventions/${input.id}/timer/${input.action}`, undefined, { silent: true });

export function useTimerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: timerAction,
    onSuccess: (res, input) => {
      queryClient.setQueryData(interventionKeys.timer(input.id), res);
      return invalidateInterventionVersion(queryClient, input.id);
    },
  });
}

/** PUT a session's corrected times (its author or an assigner); answers the new log. */
export const correctTimerSession = (input: { id: number; sessionId: number; body: TimerSessionCorrection }) =>
  api.put<Envelope<TimerLog>>(`/interventions/${input.id}/timer/sessions/${input.sessionId}`, input.body, {
    silent: true,
  });

/** DELETE a session (its author or an assigner); answers the new log. */
export const deleteTimerSession = (input: { id: number; sessionId: number }) =>
  api.delete<Envelope<TimerLog>>(`/interventions/${input.id}/timer/sessions/${input.sessionId}`, { silent: true });

function useTimerSessionMutation<I extends { id: number }>(fn: (input: I) => Promise<Envelope<TimerLog>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: (res, input) => {
      queryClient.setQueryData(interventionKeys.timer(input.id), res);
      return invalidateInterventionVersion(queryClient, input.id);
    },
  });
}

export const useCorrectTimerSession = () => useTimerSessionMutation(correctTimerSession);
export const useDeleteTimerSession = () => useTimerSessionMutation(deleteTimerSession);
