import { queryRoots } from '../../../lib/query-keys';
import type { AuditLogQuery } from './get-audit-log';

/** Query keys of the audit log page. */
export const auditKeys = {
  all: queryRoots.audit,
  list: (query: AuditLogQuery) => [...queryRoots.audit, 'list', query] as const,
};
