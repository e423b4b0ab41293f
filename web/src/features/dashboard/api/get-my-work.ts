import type { MyWork } from '@gmao/domain/dashboard/my-work-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { dashboardKeys } from './query-keys';

export const getMyWorkQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.myWork(),
    queryFn: async () => (await api.get<Envelope<MyWork>>('/dashboard/my-work', { silent: true })).data,
  });

/** "Mon travail": refreshed like the dashboard figures (every 30 s). */
export function useMyWork(enabled = true) {
  return useQuery({ ...getMyWorkQueryOptions(), refetchInterval: 30_000, enabled });
}
