import type { Client, ClientInput } from '@gmao/domain/clients/client-schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { clientsKeys } from './get-clients';

// Other features' caches that show client data. Their query-options live in other feature folders, which this
// feature may not import (one-way imports), so the key roots are named here.
const DASHBOARD_KEY = ['dashboard'] as const;
const EQUIPMENT_KEY = ['equipment'] as const;

function refresh(queryClient: QueryClient, { dashboard = false, equipment = false } = {}) {
  void queryClient.invalidateQueries({ queryKey: clientsKeys.all });
  if (dashboard) void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
  if (equipment) void queryClient.invalidateQueries({ queryKey: EQUIPMENT_KEY });
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
  return useMutation({
    mutationFn: createClient,
    retry: false,
    onSuccess: () => refresh(queryClient, { dashboard: true }),
  });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateClient, onSuccess: () => refresh(queryClient, { equipment: true }) });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteClient, onSuccess: () => refresh(queryClient, { dashboard: true }) });
}
