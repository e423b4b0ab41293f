import { auditEntityText } from '@gmao/domain/audit/audit-display';
import { AUDIT_MESSAGES } from '@gmao/domain/audit/audit-messages';
import { type AuditEntry, auditActionLabel } from '@gmao/domain/audit/audit-schemas';
import { formatDateTime, truncate } from '@gmao/domain/format/format';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';

/** The acting user, or '—' for an event no user triggered (jobs, command-line tools). */
export function AuditActor({ entry }: { entry: AuditEntry }) {
  if (entry.actorUsername) return <>{entry.actorUsername}</>;
  return <span title={AUDIT_MESSAGES.systemTitle}>{AUDIT_MESSAGES.system}</span>;
}

const { columns: headers } = AUDIT_MESSAGES;

const columns: DataTableColumn<AuditEntry>[] = [
  {
    key: 'at',
    header: headers.at,
    className: 'whitespace-nowrap tabular-nums',
    render: (e) => <time dateTime={e.at}>{formatDateTime(e.at, { seconds: true })}</time>,
  },
  {
    key: 'action',
    header: headers.action,
    card: 'title',
    render: (e) => <span className="font-medium text-slate-900">{auditActionLabel(e.action)}</span>,
  },
  { key: 'actor', header: headers.actor, render: (e) => <AuditActor entry={e} /> },
  { key: 'entity', header: headers.entity, className: 'whitespace-nowrap', render: (e) => auditEntityText(e) },
  {
    key: 'summary',
    header: headers.summary,
    render: (e) => (e.summary ? <span title={e.summary}>{truncate(e.summary, 80)}</span> : '—'),
  },
  { key: 'ip', header: headers.ip, className: 'whitespace-nowrap', render: (e) => e.ip ?? '—' },
];

export function AuditTable({
  entries,
  loading,
  onOpen,
}: {
  entries: AuditEntry[] | undefined;
  loading: boolean;
  onOpen: (entry: AuditEntry) => void;
}) {
  return (
    <DataTable
      caption={AUDIT_MESSAGES.caption}
      columns={columns}
      rows={entries}
      loading={loading}
      rowKey={(e) => e.id}
      onRowClick={onOpen}
      emptyMessage={AUDIT_MESSAGES.empty}
    />
  );
}
