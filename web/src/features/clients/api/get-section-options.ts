import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/query-keys';

/** The sections a client may be placed in (issue 33: the agency that serves it), for the client form's select. */
export interface SectionOption {
  id: number;
  nom: string;
}

/** Fresh 10 min (spec §9); the key is the sections screen's list, so a section created there shows at once. */
const TEN_MINUTES = 10 * 60_000;

export const useSectionOptions = () =>
  useQuery(
    queryOptions({
      queryKey: sharedQueryKeys.sectionList(),
      queryFn: () => api.get<Envelope<SectionOption[]>>('/sections'),
      staleTime: TEN_MINUTES,
    }),
  );
