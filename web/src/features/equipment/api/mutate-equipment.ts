import type { EquipmentDetail, EquipmentInput } from '@gmao/domain/equipment/equipment-schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { equipmentKeys } from './query-keys';

// Caches of other features that show equipment counts (client rows, dashboard stats), invalidated through their roots.

function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
  void queryClient.invalidateQueries({ queryKey: queryRoots.clients });
  void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
}

export function createEquipment(input: EquipmentInput) {
  return api.post<Envelope<EquipmentDetail>>('/equipment', input);
}

export function updateEquipment({ id, input }: { id: number; input: EquipmentInput }) {
  return api.put<Envelope<EquipmentDetail>>(`/equipment/${id}`, input);
}

export function deleteEquipment(id: number) {
  return api.delete<Envelope<null>>(`/equipment/${id}`);
}

/** Create and delete refresh dashboard stats and equipment lists (spec §7); owners' counts change too. */
export function useCreateEquipment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createEquipment, onSuccess: () => refresh(queryClient) });
}

export function useUpdateEquipment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEquipment, onSuccess: () => refresh(queryClient) });
}

export function useDeleteEquipment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEquipment, onSuccess: () => refresh(queryClient) });
}
