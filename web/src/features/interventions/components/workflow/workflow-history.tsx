import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { HistoryEntry } from '@gmao/domain/interventions/intervention-schemas';
import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { statutLabel } from '@gmao/domain/interventions/status';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { inputClass } from '../../../../components/ui/form-field';
import { PendingMark } from '../../../../components/ui/pending-mark';
import { RelativeTime } from '../../../../components/ui/relative-time';
import { pendingOf, sendOrQueue, useOutboxUserId, usePendingChanges } from '../../../../lib/offline/pending';
import { usePermissions } from '../../../../lib/session';
import { notify } from '../../../../lib/toast';
import { useAddWorkflowNote } from '../../api/mutate-intervention';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';

function describe(entry: HistoryEntry): string {
  if (!entry.toStatut) return 'Note de suivi';
  if (!entry.fromStatut) return `Création — ${statutLabel(entry.toStatut)}`;
  return `${statutLabel(entry.fromStatut)} → ${statutLabel(entry.toStatut)}`;
}

/**
 * Status history and follow-up notes ('Note de suivi', kept apart from the 'Commentaires' section's comments),
 * newest first, with a field to add a note.
 */
export function WorkflowHistory({
  interventionId,
  entries,
  version = 1,
}: {
  interventionId: number;
  entries: HistoryEntry[];
  /** The intervention's version shown (an offline note's base). */
  version?: number;
}) {
  const { can } = usePermissions();
  const userId = useOutboxUserId();
  // Issue 32: notes written without network, shown until the server has them.
  const queued = pendingOf(usePendingChanges(interventionId), 'note');
  const [note, setNote] = useState('');
  const mutation = useAddWorkflowNote();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return;
    try {
      const text = note.trim();
      const out = await sendOrQueue(
        { userId, interventionId, type: 'note', payload: { note: text }, baseVersion: version },
        () => mutation.mutateAsync({ id: interventionId, note: text }),
      );
      if (out.queued) notify.success(OUTBOX_MESSAGES.queued);
      else toastInterventionSuccess(out.result.message, 'Note ajoutée avec succès');
      setNote('');
    } catch (err) {
      toastInterventionError(err, "Erreur lors de l'ajout de la note");
    }
  };

  return (
    <div className="space-y-3">
      {can(PERMISSIONS.INTERVENTIONS_UPDATE) && (
        <form onSubmit={onSubmit} className="flex gap-2">
          <label htmlFor="workflow-note" className="sr-only">
            Ajouter une note de suivi
          </label>
          <input
            id="workflow-note"
            className={inputClass()}
            placeholder="Note de suivi (dans l'historique)..."
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button type="submit" variant="secondary" loading={mutation.isPending} disabled={!note.trim()}>
            Ajouter
          </Button>
        </form>
      )}
      {queued.length > 0 && (
        <ul aria-label={OUTBOX_MESSAGES.pendingNotes} className="rounded-lg border border-amber-200 bg-amber-50/40">
          {[...queued].reverse().map((c) => (
            <li key={c.clientId} className="px-3 py-2 text-sm">
              <span className="font-medium text-slate-800">Note de suivi</span>
              <PendingMark refused={c.state === 'conflict'} />
              <p className="mt-0.5 text-slate-600">{(c.payload as { note: string }).note}</p>
            </li>
          ))}
        </ul>
      )}
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500">Aucun historique.</p>
      ) : (
        <ul aria-label="Historique" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {[...entries].reverse().map((h) => (
            <li key={h.id} className="px-3 py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-800">{describe(h)}</span>
                <span className="text-xs text-slate-500">
                  <RelativeTime value={h.createdAt} /> · {h.user?.nom ?? 'Utilisateur supprimé'}
                </span>
              </div>
              {h.note && <p className="mt-0.5 text-slate-600">{h.note}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
