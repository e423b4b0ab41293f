import type { Section } from '@gmao/domain/sections/section-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { sectionsKeys } from './query-keys';

/** Sections stay fresh 10 min (spec §9). Their list key is shared with the users screen's options. */
const TEN_MINUTES = 10 * 60_000;

export const getSections = () => api.get<Envelope<Section[]>>('/sections');

export function getSectionsQueryOptions() {
  return queryOptions({ queryKey: sectionsKeys.list(), queryFn: getSections, staleTime: TEN_MINUTES });
}

export const useSections = () => useQuery(getSectionsQueryOptions());
