/** Every dashboard query key starts with 'dashboard': intervention, client and equipment mutations invalidate ['dashboard']. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: (timeframe: number) => ['dashboard', 'stats', timeframe] as const,
  recent: (limit: number) => ['dashboard', 'recent-interventions', limit] as const,
  alerts: () => ['dashboard', 'alerts'] as const,
};
