import { formatDate } from '@gmao/domain/format/format';
import { DRAFT_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { PendingMark } from '../../../../components/ui/pending-mark';
import { usePendingChanges } from '../../../../lib/offline/pending';

/**
 * Issue 32: interventions created without network, kept on the phone as drafts until the server creates them (the
 * outbox's `create` changes); a refused one stays marked « refusée » (its reason in the banner's list).
 */
export function PendingDrafts() {
  const drafts = usePendingChanges(0).filter((c) => c.type === 'create');
  if (drafts.length === 0) return null;
  return (
    <div data-testid="pending-drafts" className="mb-3">
      <p className="text-xs font-semibold uppercase text-slate-500">{DRAFT_MESSAGES.pendingTitle}</p>
      <ul className="divide-y divide-slate-100 rounded-lg border border-amber-200 bg-amber-50/40">
        {drafts.map((c) => {
          const d = c.payload as { description?: string; date?: string };
          return (
            <li key={c.clientId} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <span className="font-medium text-slate-900">{d.description || DRAFT_MESSAGES.kindLabel}</span>
              {d.date && <span className="text-slate-600">{formatDate(d.date)}</span>}
              <PendingMark refused={c.state === 'conflict'} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
