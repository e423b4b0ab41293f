import type { AdminUser, UserListQuery } from '@gmao/domain/users/user-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../../lib/api-client';
import { usersKeys } from './query-keys';

export type UserFilters = Pick<
  UserListQuery,
  'page' | 'limit' | 'search' | 'role_id' | 'section_id' | 'enabled' | 'pending'
>;

export function getUsers(filters: UserFilters) {
  return api.get<ListEnvelope<AdminUser>>('/users', {
    query: filters as Record<string, string | number | boolean | undefined>,
    silent: true,
  });
}

export function getUsersQueryOptions(filters: UserFilters) {
  return queryOptions({
    queryKey: usersKeys.list(filters),
    queryFn: () => getUsers(filters),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filters: UserFilters) {
  return useQuery(getUsersQueryOptions(filters));
}

/** Self-registrations waiting for an administrator (up to 100 shown; the badge shows the full count). */
export const PENDING_FILTERS: UserFilters = { pending: true, page: 1, limit: 100 };

export function usePendingUsers() {
  return useQuery({ ...getUsersQueryOptions(PENDING_FILTERS), staleTime: 30_000 });
}
