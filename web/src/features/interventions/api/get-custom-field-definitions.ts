import type { CustomField } from '@gmao/domain/custom-fields/custom-field-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys } from './query-keys';

/**
 * The active custom field definitions of every equipment type: the detail keeps those that apply to the
 * intervention's equipment (`applicableFields`), the list filter offers them all. Silent: without them the section
 * and the filter are simply not shown.
 */
export function getCustomFieldDefinitions() {
  return api.get<Envelope<CustomField[]>>('/interventions/custom-fields', { silent: true });
}

export function getCustomFieldDefinitionsQueryOptions() {
  return queryOptions({
    queryKey: interventionKeys.customFieldDefinitions(),
    queryFn: getCustomFieldDefinitions,
    staleTime: 5 * 60_000,
  });
}

export function useCustomFieldDefinitions() {
  return useQuery(getCustomFieldDefinitionsQueryOptions());
}
