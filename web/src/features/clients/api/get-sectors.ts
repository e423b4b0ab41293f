import { SECTEURS_ACTIVITE } from '@gmao/domain/clients/client-constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { clientsKeys } from './query-keys';

export function getSectors() {
  return api.get<Envelope<string[]>>('/clients/sectors', { silent: true });
}

/** Sector list fresh for 10 minutes (spec §9). */
export function getSectorsQueryOptions() {
  return queryOptions({ queryKey: clientsKeys.sectors(), queryFn: getSectors, staleTime: 10 * 60_000 });
}

/** The server list (in use ∪ fixed); the fixed list alone until it arrives or if it fails. */
export function useSectors(): string[] {
  const query = useQuery(getSectorsQueryOptions());
  return query.data?.data ?? [...SECTEURS_ACTIVITE];
}
