import { MAX_LIST_LIMIT } from '@gmao/domain/common/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../../lib/api-client';
import { sectionsKeys } from './query-keys';

/** Users who may be named responsible for a section (dropdown load: limit 1000, spec §9). */
export interface Candidate {
  id: number;
  nom: string;
  username: string;
}

export function getCandidatesQueryOptions() {
  return queryOptions({
    queryKey: sectionsKeys.candidates(),
    queryFn: () => api.get<ListEnvelope<Candidate>>('/users', { query: { limit: MAX_LIST_LIMIT, enabled: true } }),
  });
}

export const useCandidates = () => useQuery(getCandidatesQueryOptions());
