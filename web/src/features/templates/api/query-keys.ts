import { MAX_LIST_LIMIT } from '@gmao/domain/common/api';
import { queryRoots } from '../../../lib/query-keys';
import type { TemplateFilters } from './get-templates';

/** Query keys of the templates feature, general to specific (STYLE.md rule 9). */
export const templateKeys = {
  all: queryRoots.templates,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (filters: TemplateFilters) => [...templateKeys.lists(), filters] as const,
  /**
   * The 'Utiliser' modal lists equipment of the template's type: under the equipment root, so equipment mutations
   * refresh it.
   */
  equipmentChoices: (type: string | null) =>
    [...queryRoots.equipment, 'options', MAX_LIST_LIMIT, { type_equipement: type }] as const,
};
