import { EQUIPMENT_TYPES } from '@gmao/domain/equipment/equipment-types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { equipmentKeys } from './query-keys';

export function getEquipmentTypes() {
  return api.get<Envelope<string[]>>('/equipment/types', { silent: true });
}

/** Types fresh for 1 hour (spec §9). */
export function getEquipmentTypesQueryOptions() {
  return queryOptions({ queryKey: equipmentKeys.types(), queryFn: getEquipmentTypes, staleTime: 60 * 60_000 });
}

/** The server's list; the domain's copy of it until it arrives. */
export function useEquipmentTypes(): string[] {
  return useQuery(getEquipmentTypesQueryOptions()).data?.data ?? [...EQUIPMENT_TYPES];
}
