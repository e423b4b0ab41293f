import { queryRoots, sharedQueryKeys } from '../../../lib/query-keys';

/** Query keys of the roles feature; the role list is shared with the users screen's role options. */
export const rolesKeys = {
  all: queryRoots.roles,
  list: sharedQueryKeys.roleList,
  permissions: () => [...queryRoots.permissions, 'list'] as const,
};
