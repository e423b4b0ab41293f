import type { Template } from '@gmao/domain/templates/template-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { templateKeys } from './query-keys';

export interface TemplateFilters {
  search?: string;
  type_equipement?: string;
  /** 'true' (the server's default): active ones only; 'all' for managers showing the disabled ones too. */
  actif?: 'true' | 'all';
}

export function getTemplates(filters: TemplateFilters) {
  return api.get<Envelope<Template[]>>('/interventions/templates', { query: { ...filters } });
}

/** A short list (no paging); the previous result stays on screen while a new search loads. */
export function getTemplatesQueryOptions(filters: TemplateFilters) {
  return queryOptions({
    queryKey: templateKeys.list(filters),
    queryFn: () => getTemplates(filters),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useTemplates(filters: TemplateFilters) {
  return useQuery(getTemplatesQueryOptions(filters));
}
