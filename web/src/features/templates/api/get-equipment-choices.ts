import { MAX_LIST_LIMIT } from '@gmao/domain/common/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../../lib/api-client';
import { templateKeys } from './query-keys';

/** The fields the 'Utiliser' modal needs from GET /equipment (owned by the equipment feature). */
export interface EquipmentChoice {
  id: number;
  nom: string;
  type_equipement: string | null;
  proprietaire: { id: number; nom_entreprise: string } | null;
}

/** The equipment a template may be used on: of its type when it has one, else all (dropdown limit, spec §9). */
export function getEquipmentChoices(type: string | null) {
  const query = { limit: MAX_LIST_LIMIT, ...(type ? { type_equipement: type } : {}) };
  return api.get<ListEnvelope<EquipmentChoice>>('/equipment', { query, silent: true });
}

export function getEquipmentChoicesQueryOptions(type: string | null) {
  return queryOptions({
    queryKey: templateKeys.equipmentChoices(type),
    queryFn: () => getEquipmentChoices(type),
    staleTime: 5 * 60_000,
  });
}

export function useEquipmentChoices(type: string | null, enabled = true) {
  return useQuery({ ...getEquipmentChoicesQueryOptions(type), enabled });
}
