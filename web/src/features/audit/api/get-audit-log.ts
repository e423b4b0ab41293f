import type { AuditEntry, AuditFilters } from '@gmao/domain/audit/audit-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListEnvelope } from '../../../lib/api-client';
import { auditKeys } from './query-keys';

export type AuditLogQuery = AuditFilters & { page: number; limit: number };

export function getAuditLog(query: AuditLogQuery) {
  return api.get<ListEnvelope<AuditEntry>>('/audit', { query, silent: true });
}

export function getAuditLogQueryOptions(query: AuditLogQuery) {
  return queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(query: AuditLogQuery) {
  return useQuery(getAuditLogQueryOptions(query));
}
