import type { AdminUser, UserActivateInput, UserCreateInput, UserUpdateInput } from '@gmao/domain/users/user-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { usersKeys } from './query-keys';

// Calls are silent: the screen shows the server's message or the spec's fallback (spec §8). Like every mutation they
// are retried once after a server or network error, never after a refusal (spec §7, `lib/query-client.ts`).
export const createUser = (input: UserCreateInput) => api.post<Envelope<AdminUser>>('/users', input, { silent: true });
export const updateUser = ({ id, input }: { id: number; input: UserUpdateInput }) =>
  api.put<Envelope<AdminUser>>(`/users/${id}`, input, { silent: true });
export const activateUser = ({ id, input }: { id: number; input: UserActivateInput }) =>
  api.post<Envelope<AdminUser>>(`/users/${id}/activate`, input, { silent: true });
export const deleteUser = (id: number) => api.delete<Envelope<null>>(`/users/${id}`, { silent: true });

/** After every user mutation the user lists (and role/section counts) are refetched (spec §7). */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usersKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryRoots.roles }),
      queryClient.invalidateQueries({ queryKey: queryRoots.sections }),
    ]);
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: createUser, onSuccess: invalidate });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: updateUser, onSuccess: invalidate });
}

export function useActivateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: activateUser, onSuccess: invalidate });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deleteUser, onSuccess: invalidate });
}
