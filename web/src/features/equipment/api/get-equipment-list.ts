import type { Equipment } from '@gmao/domain/equipment/equipment-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../../lib/api-client';
import { equipmentKeys } from './query-keys';

export interface EquipmentFilters {
  page: number;
  limit: number;
  search?: string;
  proprietaire_id?: number;
  type_equipement?: string;
}

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
