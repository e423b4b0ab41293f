import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

/** Shape of spec §3 "Dashboard stats" (the dashboard domain module may refine it). */
export interface DashboardStats {
  overview: {
    totalInterventions: number;
    activeInterventions: number;
    totalEquipment: number;
    totalClients: number;
    completionRate: number;
    completedInterventions: number;
  };
  alerts: { urgentInterventions: number; overdueInterventions: number };
}

export function getDashboardStats(timeframe = 30) {
  return api.get<Envelope<DashboardStats>>('/dashboard/stats', { query: { timeframe }, silent: true });
}

/** Refetch every 30 s, fresh for 25 s (spec §9). */
export function getDashboardStatsQueryOptions(timeframe = 30) {
  return queryOptions({
    queryKey: ['dashboard', 'stats', timeframe],
    queryFn: () => getDashboardStats(timeframe),
    staleTime: 25_000,
    refetchInterval: 30_000,
  });
}

export function useDashboardStats(timeframe = 30) {
  return useQuery(getDashboardStatsQueryOptions(timeframe));
}
