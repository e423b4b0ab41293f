import { queryRoots } from '../../../lib/query-keys';
import type { ClientFilters } from './get-clients';

/** Query keys from general to specific; every client query lives under the clients root. */
export const clientsKeys = {
  all: queryRoots.clients,
  lists: () => [...queryRoots.clients, 'list'] as const,
  list: (filters: ClientFilters) => [...clientsKeys.lists(), filters] as const,
  detail: (id: number) => [...queryRoots.clients, 'detail', id] as const,
  sectors: () => [...queryRoots.clients, 'sectors'] as const,
  /** The client's portal accounts (issue 33). */
  portalUsers: (id: number) => [...queryRoots.clients, 'portal-users', id] as const,
  /** A client's equipment and interventions in its detail (read from those lists' own endpoints). */
  activity: (id: number, what: 'equipment' | 'interventions') => [...queryRoots.clients, 'activity', id, what] as const,
};
