import { AUDIT_MESSAGES } from '@gmao/domain/audit/audit-messages';
import type { AuditEntry, AuditFilters as Filters } from '@gmao/domain/audit/audit-schemas';
import { Download, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Pagination } from '../../../components/ui/pagination';
import { notify } from '../../../lib/toast';
import { usePaging } from '../../../lib/use-paging';
import { useExportAuditCsv } from '../api/export-audit-csv';
import { useAuditLog } from '../api/get-audit-log';
import { AuditDetailModal } from './audit-detail-modal';
import { AuditFilters, type AuditFilterValues, NO_AUDIT_FILTERS } from './audit-filters';
import { AuditTable } from './audit-table';

/** The API's filters: empty fields are left out. */
function toQuery(v: AuditFilterValues): Filters {
  return {
    search: v.search.trim() || undefined,
    action: v.action || undefined,
    entityType: v.entityType || undefined,
    actor: v.actor.trim() || undefined,
    from: v.from || undefined,
    to: v.to || undefined,
  };
}

/** /admin/audit: who did what, when and from where, newest first (administrators only). */
export function AuditLogScreen() {
  const [values, setValues] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const paging = usePaging();
  const filters = toQuery(values);
  const query = useAuditLog({ ...filters, page: paging.page, limit: paging.limit });
  const exportCsv = useExportAuditCsv();

  return (
    <section>
      <PageHeader
        title={AUDIT_MESSAGES.title}
        description={AUDIT_MESSAGES.description}
        actions={
          <>
            <Button variant="secondary" onClick={() => void query.refetch()} aria-label={AUDIT_MESSAGES.refreshLabel}>
              <RefreshCw className={`h-4 w-4 ${query.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />
              {AUDIT_MESSAGES.refresh}
            </Button>
            <Button
              variant="secondary"
              loading={exportCsv.isPending}
              onClick={() => exportCsv.mutate(filters, { onError: () => notify.error(AUDIT_MESSAGES.exportFailed) })}
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              {AUDIT_MESSAGES.exportCsv}
            </Button>
          </>
        }
      />
      <div className="mb-4 rounded-xl border border-slate-200 bg-white shadow-sm">
        <AuditFilters
          value={values}
          onChange={(next) => {
            setValues((v) => ({ ...v, ...next }));
            paging.firstPage();
          }}
        />
      </div>
      {query.isError && !query.data ? (
        <LoadErrorState
          title={AUDIT_MESSAGES.loadErrorTitle}
          description={AUDIT_MESSAGES.loadError}
          retryLabel={AUDIT_MESSAGES.retry}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <AuditTable entries={query.data?.data} loading={query.isPending} onOpen={setOpen} />
      )}
      <Pagination {...paging.pagination} total={query.data?.pagination.total ?? 0} />
      {open && <AuditDetailModal entry={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
