import { queryRoots } from '../../../lib/query-keys';

export interface PortalListFilters {
  page: number;
  limit: number;
  search?: string;
}
export interface PortalInterventionFilters extends PortalListFilters {
  statut?: string;
  equipement_id?: number;
}

/** Query keys of the client portal, general to specific (STYLE.md rule 9). */
export const portalKeys = {
  all: queryRoots.portal,
  me: () => [...queryRoots.portal, 'me'] as const,
  equipment: (f: PortalListFilters) => [...queryRoots.portal, 'equipment', 'list', f] as const,
  equipmentDetail: (id: number) => [...queryRoots.portal, 'equipment', 'detail', id] as const,
  interventions: (f: PortalInterventionFilters) => [...queryRoots.portal, 'interventions', 'list', f] as const,
  intervention: (id: number) => [...queryRoots.portal, 'interventions', 'detail', id] as const,
  contract: () => [...queryRoots.portal, 'contract'] as const,
  requests: (f: PortalListFilters) => [...queryRoots.portal, 'requests', 'list', f] as const,
};
