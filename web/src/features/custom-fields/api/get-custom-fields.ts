import type { CustomField } from '@gmao/domain/custom-fields/custom-field-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { customFieldKeys } from './query-keys';

/** Every definition, the inactive ones too (administrators manage them all). */
export function getCustomFields() {
  return api.get<Envelope<CustomField[]>>('/interventions/custom-fields', { query: { actif: 'all' } });
}

export function getCustomFieldsQueryOptions() {
  return queryOptions({
    queryKey: customFieldKeys.list('all'),
    queryFn: getCustomFields,
    staleTime: 5 * 60_000,
  });
}

export function useCustomFields() {
  return useQuery(getCustomFieldsQueryOptions());
}
