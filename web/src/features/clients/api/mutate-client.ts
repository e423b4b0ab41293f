import type { Client, ClientInput } from '@gmao/domain/clients/client-schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { clientsKeys } from './query-keys';

// Other features' caches that show client data are invalidated through their roots (features never import each other).

function refresh(queryClient: QueryClient, { dashboard = false, equipment = false } = {}) {
  void queryClient.invalidateQueries({ queryKey: clientsKeys.all });
  if (dashboard) void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
  if (equipment) void queryClient.invalidateQueries({ queryKey: queryRoots.equipment });
}

export function createClient(input: ClientInput) {
  return api.post<Envelope<Client>>('/clients', input);
}

export function updateClient({ id, input }: { id: number; input: ClientInput }) {
  return api.put<Envelope<Client>>(`/clients/${id}`, input);
}

export function deleteClient(id: number) {
  return api.delete<Envelope<null>>(`/clients/${id}`);
}

/** Create and delete refresh the client list and the dashboard stats; update refreshes that client (spec §7). */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createClient, onSuccess: () => refresh(queryClient, { dashboard: true }) });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateClient, onSuccess: () => refresh(queryClient, { equipment: true }) });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteClient, onSuccess: () => refresh(queryClient, { dashboard: true }) });
}
