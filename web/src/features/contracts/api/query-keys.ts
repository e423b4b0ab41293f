import { queryRoots } from '../../../lib/query-keys';

export interface ContractFilters {
  page: number;
  limit: number;
  search?: string;
  client_id?: number;
  expiring?: boolean;
}

/** Query keys of contracts and calendars, general to specific (STYLE.md rule 9). */
export const contractKeys = {
  all: queryRoots.contracts,
  lists: () => [...queryRoots.contracts, 'list'] as const,
  list: (filters: ContractFilters) => [...contractKeys.lists(), filters] as const,
  detail: (id: number) => [...queryRoots.contracts, 'detail', id] as const,
  calendars: () => [...queryRoots.contracts, 'calendars'] as const,
  holidays: () => [...queryRoots.contracts, 'holidays'] as const,
  /** The form's choices read from their own routes (features do not import each other). */
  options: (what: string, id?: number) => [...queryRoots.contracts, 'options', what, id ?? null] as const,
};
