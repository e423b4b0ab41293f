import { type Query, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getAnalyticsQueryOptions } from '../features/analytics/api/get-analytics';
import { getPerformanceQueryOptions } from '../features/analytics/api/get-performance';
import { getClientsQueryOptions } from '../features/clients/api/get-clients';
import { getSectorsQueryOptions } from '../features/clients/api/get-sectors';
import { getDashboardAlertsQueryOptions } from '../features/dashboard/api/get-dashboard-alerts';
import { getDashboardStatsQueryOptions } from '../features/dashboard/api/get-dashboard-stats';
import { getRecentInterventionsQueryOptions } from '../features/dashboard/api/get-recent-interventions';
import { getEquipmentListQueryOptions } from '../features/equipment/api/get-equipment-list';
import { getEquipmentTypesQueryOptions } from '../features/equipment/api/get-equipment-types';
import { getInterventionQueryOptions } from '../features/interventions/api/get-intervention';
import { getInterventionsQueryOptions } from '../features/interventions/api/get-interventions';
import { getWorkflowQueryOptions } from '../features/interventions/api/get-workflow';
import { getRolesQueryOptions } from '../features/roles/api/get-roles';
import { getSectionsQueryOptions } from '../features/sections/api/get-sections';

/** Spec §9 "Freshness and refresh", read from the query options every screen uses. */

const MIN = 60_000;
const S = 1000;

describe('freshness and refresh (spec §9)', () => {
  it.each([
    ['dashboard stats', getDashboardStatsQueryOptions(), 25 * S, 30 * S],
    ['recent interventions', getRecentInterventionsQueryOptions(), 50 * S, 60 * S],
    ['alerts', getDashboardAlertsQueryOptions(), 25 * S, 30 * S],
    ['charts (analytics)', getAnalyticsQueryOptions(), 4 * MIN, 5 * MIN],
    ['performance', getPerformanceQueryOptions(), 4 * MIN, 5 * MIN],
  ])('%s: fresh %i ms, refetched every %i ms', (_name, options, staleTime, refetchInterval) => {
    expect(options.staleTime).toBe(staleTime);
    expect(options.refetchInterval).toBe(refetchInterval);
  });

  it.each([
    ['intervention list', getInterventionsQueryOptions({ page: 1, limit: 10 }), MIN],
    ['intervention detail', getInterventionQueryOptions(1), MIN],
    ['workflow', getWorkflowQueryOptions(1), 30 * S],
    ['client list', getClientsQueryOptions({ page: 1, limit: 10 }), 5 * MIN],
    ['sector list', getSectorsQueryOptions(), 10 * MIN],
    ['equipment list', getEquipmentListQueryOptions({ page: 1, limit: 10 }), 5 * MIN],
    ['equipment types', getEquipmentTypesQueryOptions(), 60 * MIN],
    ['roles', getRolesQueryOptions(), 10 * MIN],
    ['sections', getSectionsQueryOptions(), 10 * MIN],
  ])('%s: fresh %i ms', (_name, options, staleTime) => {
    expect(options.staleTime).toBe(staleTime);
  });

  it('the equipment list keeps the previous page while the next one loads', () => {
    const keep = getEquipmentListQueryOptions({ page: 2, limit: 10 }).placeholderData as (previous: unknown) => unknown;
    const previous = { data: ['page 1'] };
    expect(keep(previous)).toBe(previous);
  });

  it('the workflow refreshes every 15 s while EN_COURS, else every 60 s', () => {
    const options = getWorkflowQueryOptions(1);
    const interval = options.refetchInterval as unknown as (query: Query) => number;
    const withStatut = (statut: string) => {
      const client = new QueryClient();
      client.setQueryData(options.queryKey, { success: true, data: { statut } } as never);
      return client.getQueryCache().find({ queryKey: options.queryKey }) as Query;
    };
    expect(interval(withStatut('EN_COURS'))).toBe(15 * S);
    for (const statut of ['PLANIFIEE', 'EN_PAUSE', 'TERMINEE']) expect(interval(withStatut(statut))).toBe(60 * S);
  });
});
