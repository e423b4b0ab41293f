import type { EquipmentDetail } from '@gmao/domain/equipment/equipment-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { equipmentKeys } from './query-keys';

export function getEquipment(id: number) {
  return api.get<Envelope<EquipmentDetail>>(`/equipment/${id}`);
}

export function getEquipmentQueryOptions(id: number) {
  return queryOptions({ queryKey: equipmentKeys.detail(id), queryFn: () => getEquipment(id), staleTime: 60_000 });
}

export function useEquipment(id: number) {
  return useQuery(getEquipmentQueryOptions(id));
}
