import { queryRoots, sharedQueryKeys } from '../../../lib/query-keys';
import type { UserFilters } from './get-users';

/**
 * Query keys of the users feature, general to specific; the role and section options share the entries of the roles
 * and sections screens.
 */
export const usersKeys = {
  all: queryRoots.users,
  list: (filters: UserFilters) => [...queryRoots.users, 'list', filters] as const,
  roleOptions: sharedQueryKeys.roleList,
  sectionOptions: sharedQueryKeys.sectionList,
};
