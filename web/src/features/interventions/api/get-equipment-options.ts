import { MAX_LIST_LIMIT } from '@gmao/domain/common/list-limit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../../lib/api-client';
import { interventionKeys } from './query-keys';

/** The fields the intervention form needs from GET /equipment (owned by the equipment feature). */
export interface EquipmentOption {
  id: number;
  nom: string;
  type_equipement: string | null;
  marque: string | null;
  modele: string | null;
  proprietaire: { id: number; nom_entreprise: string; ville?: string | null } | null;
}

export function getEquipmentOptions() {
  return api.get<ListEnvelope<EquipmentOption>>('/equipment', { query: { limit: MAX_LIST_LIMIT }, silent: true });
}

/** Equipment mutations refresh the select too (its key is under the equipment root). */
export function getEquipmentOptionsQueryOptions() {
  return queryOptions({
    queryKey: interventionKeys.equipmentOptions(),
    queryFn: getEquipmentOptions,
    staleTime: 5 * 60_000,
  });
}

export function useEquipmentOptions(enabled = true) {
  return useQuery({ ...getEquipmentOptionsQueryOptions(), enabled });
}
