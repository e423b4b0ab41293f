import type { AdminUser } from '@gmao/domain/users/user-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { usersKeys } from './get-users';

export function getUser(id: number) {
  return api.get<Envelope<AdminUser>>(`/users/${id}`);
}

export function getUserQueryOptions(id: number) {
  return queryOptions({ queryKey: usersKeys.detail(id), queryFn: () => getUser(id) });
}

export function useUser(id: number | null) {
  return useQuery({ ...getUserQueryOptions(id ?? 0), enabled: id !== null });
}
