import { queryRoots } from '../../../lib/query-keys';

/** Analytics figures sit under the dashboard root, so intervention mutations refresh them with the other figures. */
export const analyticsKeys = {
  analytics: (timeframe: number) => [...queryRoots.dashboard, 'analytics', timeframe] as const,
  performance: (timeframe: number) => [...queryRoots.dashboard, 'performance', timeframe] as const,
};
