import { queryRoots } from '../../../lib/query-keys';

/** Dashboard query keys, under the dashboard root that intervention, client and equipment mutations invalidate. */
export const dashboardKeys = {
  all: queryRoots.dashboard,
  stats: (timeframe: number) => [...queryRoots.dashboard, 'stats', timeframe] as const,
  recent: (limit: number) => [...queryRoots.dashboard, 'recent-interventions', limit] as const,
  alerts: () => [...queryRoots.dashboard, 'alerts'] as const,
  myWork: () => [...queryRoots.dashboard, 'my-work'] as const,
  preventive: () => [...queryRoots.dashboard, 'preventive-compliance'] as const,
  sla: () => [...queryRoots.dashboard, 'sla'] as const,
};
