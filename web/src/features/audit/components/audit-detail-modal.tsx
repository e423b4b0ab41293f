import { auditChanges, auditEntityText, auditValueText } from '@gmao/domain/audit/audit-display';
import { AUDIT_MESSAGES } from '@gmao/domain/audit/audit-messages';
import { type AuditEntry, auditActionLabel } from '@gmao/domain/audit/audit-schemas';
import { formatDateTime } from '@gmao/domain/format/format';
import { Button } from '../../../components/ui/button';
import { DetailSection } from '../../../components/ui/detail-section';
import { Modal } from '../../../components/ui/modal';
import { AuditActor } from './audit-table';

const { columns: headers } = AUDIT_MESSAGES;

/** One audit event: who, what, where, and what changed as 'field : before → after' lines. */
export function AuditDetailModal({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const changes = auditChanges(entry.before, entry.after);
  return (
    <Modal
      open
      onClose={onClose}
      title={AUDIT_MESSAGES.detailTitle}
      size="2xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {AUDIT_MESSAGES.close}
        </Button>
      }
    >
      <div className="space-y-4">
        <DetailSection
          title={auditActionLabel(entry.action)}
          items={[
            [headers.at, formatDateTime(entry.at, { seconds: true })],
            [headers.actor, <AuditActor key="actor" entry={entry} />],
            [headers.entity, auditEntityText(entry)],
            [headers.summary, entry.summary],
            [AUDIT_MESSAGES.ipAddress, entry.ip],
            [AUDIT_MESSAGES.requestId, entry.requestId && <code className="text-xs">{entry.requestId}</code>],
          ]}
        />
        <DetailSection title={AUDIT_MESSAGES.changes}>
          {changes.length === 0 ? (
            <p className="text-sm text-slate-500">{AUDIT_MESSAGES.noChanges}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {changes.map((c) => (
                <li key={c.field} className="py-2 [overflow-wrap:anywhere]">
                  {c.field && <span className="font-medium text-slate-900">{c.field} : </span>}
                  <span className="text-slate-500">{auditValueText(c.before)}</span>
                  {' → '}
                  <span className="text-slate-900">{auditValueText(c.after)}</span>
                </li>
              ))}
            </ul>
          )}
        </DetailSection>
      </div>
    </Modal>
  );
}
