import { queryRoots, sharedQueryKeys } from '../../../lib/query-keys';

/**
 * Query keys of the custom fields administration page. The interventions feature reads the active definitions under
 * the same root (`sharedQueryKeys.customFieldList('true')`), so a definition change here refreshes its detail section
 * and list filter.
 */
export const customFieldKeys = {
  all: queryRoots.customFields,
  list: sharedQueryKeys.customFieldList,
};
