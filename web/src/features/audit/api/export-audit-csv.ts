import type { AuditFilters } from '@gmao/domain/audit/audit-schemas';
import { todayIso } from '@gmao/domain/format/format';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api-client';

/** The filtered log as a CSV file (the server streams it; the name matches the one it suggests). */
export function exportAuditCsv(filters: AuditFilters) {
  return downloadFile('/audit/export/csv', `journal-audit-${todayIso()}.csv`, filters, { silent: true });
}

export function useExportAuditCsv() {
  return useMutation({ mutationFn: exportAuditCsv, retry: false });
}
