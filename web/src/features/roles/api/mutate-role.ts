import type { Role, RoleInput } from '@gmao/domain/roles/role-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { rolesKeys } from './query-keys';

export const createRole = (input: RoleInput) => api.post<Envelope<Role>>('/roles', input, { silent: true });
export const updateRole = ({ id, input }: { id: number; input: RoleInput }) =>
  api.put<Envelope<Role>>(`/roles/${id}`, input, { silent: true });
export const deleteRole = (id: number) => api.delete<Envelope<null>>(`/roles/${id}`, { silent: true });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
      // Roles change the permissions shown on users too.
      queryClient.invalidateQueries({ queryKey: queryRoots.users }),
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
