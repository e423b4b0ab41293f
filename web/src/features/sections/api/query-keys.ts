import { MAX_LIST_LIMIT } from '@gmao/domain/common/api';
import { queryRoots, sharedQueryKeys } from '../../../lib/query-keys';

/** Query keys of the sections feature. The responsible-person candidates are a users list, under the users root. */
export const sectionsKeys = {
  all: queryRoots.sections,
  list: sharedQueryKeys.sectionList,
  candidates: () => [...queryRoots.users, 'list', { limit: MAX_LIST_LIMIT, enabled: true }] as const,
};
