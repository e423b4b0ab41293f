import type { Role, RoleInput } from '@gmao/domain/roles/role-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { rolesKeys } from './get-roles';

export const createRole = (input: RoleInput) => api.post<Envelope<Role>>('/roles', input, { silent: true });
export const updateRole = ({ id, input }: { id: number; input: RoleInput }) =>
  api.put<Envelope<Role>>(`/roles/${id}`, input, { silent: true });
export const deleteRole = (id: number) => api.delete<Envelope<null>>(`/roles/${id}`, { silent: true });

/** Roles change the permissions shown on users too. */
const USERS_KEY = ['users'] as const;

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
      queryClient.invalidateQueries({ queryKey: USERS_KEY }),
    ]);
}

export function useCreateRole() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: createRole, onSuccess, retry: false });
}

export function useUpdateRole() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: updateRole, onSuccess, retry: false });
}

export function useDeleteRole() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: deleteRole, onSuccess, retry: false });
}
