import type { PermissionRow, Role } from '@gmao/domain/roles/role-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { rolesKeys } from './query-keys';

/** Roles stay fresh 10 min (spec §9). Their list key is shared with the users screen's role options. */
const TEN_MINUTES = 10 * 60_000;

export const getRoles = () => api.get<Envelope<Role[]>>('/roles');
export const getPermissions = () => api.get<Envelope<PermissionRow[]>>('/permissions');

export function getRolesQueryOptions() {
  return queryOptions({ queryKey: rolesKeys.list(), queryFn: getRoles, staleTime: TEN_MINUTES });
}

export function getPermissionsQueryOptions() {
  return queryOptions({ queryKey: rolesKeys.permissions(), queryFn: getPermissions, staleTime: TEN_MINUTES });
}

export const useRoles = () => useQuery(getRolesQueryOptions());
export const usePermissionList = () => useQuery(getPermissionsQueryOptions());
