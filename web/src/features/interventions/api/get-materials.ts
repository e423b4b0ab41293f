import type { MaterialsList } from '@gmao/domain/interventions/material-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys } from './query-keys';

export function getMaterials(id: number) {
  return api.get<Envelope<MaterialsList>>(`/interventions/${id}/materials`, { silent: true });
}

export function getMaterialsQueryOptions(id: number) {
  return queryOptions({ queryKey: interventionKeys.materials(id), queryFn: () => getMaterials(id), staleTime: 60_000 });
}

export function useMaterials(id: number) {
  return useQuery(getMaterialsQueryOptions(id));
}
