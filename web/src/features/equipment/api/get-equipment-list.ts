import type { Equipment } from '@gmao/domain/equipment/equipment-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../../lib/api-client';

export interface EquipmentFilters {
  page: number;
  limit: number;
  search?: string;
  proprietaire_id?: number;
  type_equipement?: string;
}

/** Query keys from general to specific; every equipment query lives under ['equipment']. */
export const equipmentKeys = {
  all: ['equipment'] as const,
  lists: () => [...equipmentKeys.all, 'list'] as const,
  list: (filters: EquipmentFilters) => [...equipmentKeys.lists(), filters] as const,
  detail: (id: number) => [...equipmentKeys.all, 'detail', id] as const,
  types: () => [...equipmentKeys.all, 'types'] as const,
};

export function getEquipmentList(filters: EquipmentFilters) {
  return api.get<ListEnvelope<Equipment>>('/equipment', { query: { ...filters } });
}

/** Fresh for 5 minutes and keeps the previous page on screen while loading (spec §9). */
export function getEquipmentListQueryOptions(filters: EquipmentFilters) {
  return queryOptions({
    queryKey: equipmentKeys.list(filters),
    queryFn: () => getEquipmentList(filters),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useEquipmentList(filters: EquipmentFilters) {
  return useQuery(getEquipmentListQueryOptions(filters));
}
