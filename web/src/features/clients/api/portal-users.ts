import type { PortalUser, PortalUserCreateInput } from '@gmao/domain/portal/portal-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { clientsKeys } from './query-keys';

/** A client's portal accounts (issue 33): list, invite or create, remove. */
export const getPortalUsers = (clientId: number) =>
  api.get<Envelope<PortalUser[]>>(`/clients/${clientId}/portal-users`);
export const usePortalUsers = (clientId: number) =>
  useQuery({ queryKey: clientsKeys.portalUsers(clientId), queryFn: () => getPortalUsers(clientId) });

export const createPortalUser = ({ clientId, input }: { clientId: number; input: PortalUserCreateInput }) =>
  api.post<Envelope<PortalUser & { invitation_envoyee: boolean }>>(`/clients/${clientId}/portal-users`, input, {
    silent: true,
  });
export const deletePortalUser = ({ clientId, id }: { clientId: number; id: number }) =>
  api.delete<Envelope<null>>(`/clients/${clientId}/portal-users/${id}`);

export function useCreatePortalUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPortalUser,
    retry: false,
    onSuccess: (_r, v) => queryClient.invalidateQueries({ queryKey: clientsKeys.portalUsers(v.clientId) }),
  });
}

export function useDeletePortalUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePortalUser,
    onSuccess: (_r, v) => queryClient.invalidateQueries({ queryKey: clientsKeys.portalUsers(v.clientId) }),
  });
}
