import { MAX_LIST_LIMIT } from '@gmao/domain/common/api';
import { queryRoots } from '../../../lib/query-keys';
import type { EquipmentFilters } from './get-equipment-list';

/** Query keys from general to specific; every equipment query lives under the equipment root. */
export const equipmentKeys = {
  all: queryRoots.equipment,
  lists: () => [...queryRoots.equipment, 'list'] as const,
  list: (filters: EquipmentFilters) => [...equipmentKeys.lists(), filters] as const,
  detail: (id: number) => [...queryRoots.equipment, 'detail', id] as const,
  types: () => [...queryRoots.equipment, 'types'] as const,
  /** The QR code's request link (issue 33). */
  requestLink: (id: number) => [...queryRoots.equipment, 'request-link', id] as const,
  /** The owner dropdown lists clients: under the clients root, so client mutations refresh it too. */
  ownerOptions: () => [...queryRoots.clients, 'options', MAX_LIST_LIMIT] as const,
};
