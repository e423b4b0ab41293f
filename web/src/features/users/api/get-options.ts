import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { usersKeys } from './query-keys';

/** What the users screen needs of roles and sections (filters and form selects). */
export interface RoleOption {
  id: number;
  nom: string;
}
export interface SectionOption {
  id: number;
  nom: string;
}

/** Roles and sections stay fresh 10 min (spec §9); the keys are shared with the roles and sections screens. */
const TEN_MINUTES = 10 * 60_000;

export function getRoleOptionsQueryOptions() {
  return queryOptions({
    queryKey: usersKeys.roleOptions(),
    queryFn: () => api.get<Envelope<RoleOption[]>>('/roles'),
    staleTime: TEN_MINUTES,
  });
}

export function getSectionOptionsQueryOptions() {
  return queryOptions({
    queryKey: usersKeys.sectionOptions(),
    queryFn: () => api.get<Envelope<SectionOption[]>>('/sections'),
    staleTime: TEN_MINUTES,
  });
}

export const useRoleOptions = () => useQuery(getRoleOptionsQueryOptions());
export const useSectionOptions = () => useQuery(getSectionOptionsQueryOptions());
