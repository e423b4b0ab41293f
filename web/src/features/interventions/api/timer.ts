import type { TimerLog } from '@gmao/domain/interventions/activity-schemas';
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
