import {
  type ChecklistItem,
  checklistProgress,
  CHECKLIST_MESSAGES as M,
} from '@gmao/domain/interventions/checklist-schemas';
import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import type { InterventionFacts } from '@gmao/domain/interventions/policy';
import { REVIEW_MESSAGES } from '@gmao/domain/interventions/review-schemas';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { PendingMark } from '../../../../components/ui/pending-mark';
import { pendingChecks, sendOrQueue, useOutboxUserId, usePendingChanges } from '../../../../lib/offline/pending';
import { notify } from '../../../../lib/toast';
import { useAddChecklistItem, useCheckChecklistItem, useChecklist, useDeleteChecklistItem } from '../../api/checklist';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';
import { ChecklistAddForm } from './checklist-add-form';

/** The intervention's checklist: progress 'N/M', items to tick, add/remove steps — for who works on it. */
export function ChecklistSection({
  interventionId,
  facts,
  version = 1,
}: {
  interventionId: number;
  facts: InterventionFacts;
  /** The intervention's version shown (an offline tick's base; an older one is accepted by the sync route). */
  version?: number;
}) {
  const userId = useOutboxUserId();
  // Issue 32: ticks waiting in the outbox show their value, marked « en attente ».
  const queued = pendingChecks(usePendingChanges(interventionId));
  const editable = useInterventionAccess().can('checklist', facts);
  const checklist = useChecklist(interventionId);
  const check = useCheckChecklistItem();
  const add = useAddChecklistItem();
  const remove = useDeleteChecklistItem();
  const [removing, setRemoving] = useState<ChecklistItem | null>(null);
  // The box follows the tap in the same frame; the cached checklist (and N/M) follows once the query cache is written.
  const [ticking, setTicking] = useState<Record<number, boolean>>({});
  // A tick kept on the phone: once the outbox's overlay holds it, the tap's own state gives way to it.
  const shownQueued = [...queued].map(([id, q]) => `${id}:${q.checked}:${q.state}`).join(',');
  useEffect(() => {
    if (shownQueued === '') return;
    const shown = new Set(shownQueued.split(',').map((entry) => entry.split(':')[0]));
    setTicking((t) => {
      const rest = Object.fromEntries(Object.entries(t).filter(([id]) => !shown.has(id)));
      return Object.keys(rest).length === Object.keys(t).length ? t : rest;
    });
  }, [shownQueued]);

  if (checklist.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        Impossible de charger la checklist.
      </p>
    );
  const served = checklist.data?.data;
  const data = served && {
    ...served,
    items: served.items.map((i) => {
      const q = queued.get(i.id);
      return q && q.state === 'pending' ? { ...i, checked: q.checked } : i;
    }),
  };
  if (data) data.done = data.items.filter((i) => i.checked).length;
  if (!data) return <p className="text-sm text-slate-500">Chargement de la checklist...</p>;

  const toggle = async (item: ChecklistItem, checked: boolean) => {
    setTicking((t) => ({ ...t, [item.id]: checked }));
    let kept = false;
    try {
      const out = await sendOrQueue(
        { userId, interventionId, type: 'checklist', payload: { itemId: item.id, checked }, baseVersion: version },
        () => check.mutateAsync({ id: interventionId, itemId: item.id, checked }),
      );
      // A tick is silent, unless it sent the intervention back to review (issue 30): that is said.
      // Kept on the phone: the box stays as tapped until the outbox's overlay shows the same value (below).
      kept = out.queued;
      if (out.queued) notify.success(OUTBOX_MESSAGES.queued);
      else if (out.result.message === REVIEW_MESSAGES.backToReview)
        toastInterventionSuccess(out.result.message, out.result.message);
    } catch (err) {
      toastInterventionError(err, M.failed);
    } finally {
      if (!kept) setTicking(({ [item.id]: _done, ...rest }) => rest);
    }
  };
  const onAdd = async (label: string) => {
    try {
      const res = await add.mutateAsync({ id: interventionId, label });
      toastInterventionSuccess(res.message, M.added);
      return true;
    } catch (err) {
      toastInterventionError(err, M.failed);
      return false;
    }
  };
  const onRemove = async () => {
    if (!removing) return;
    try {
      const res = await remove.mutateAsync({ id: interventionId, itemId: removing.id });
      toastInterventionSuccess(res.message, M.deleted);
      setRemoving(null);
    } catch (err) {
      toastInterventionError(err, M.failed);
    }
  };

  const percent = data.total === 0 ? 0 : Math.round((data.done / data.total) * 100);
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <div
          role="progressbar"
          aria-label="Avancement de la checklist"
          aria-valuemin={0}
          aria-valuemax={data.total}
          aria-valuenow={data.done}
          aria-valuetext={checklistProgress(data)}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-green-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
        <span className="text-sm font-semibold text-slate-700" data-testid="checklist-progress">
          {checklistProgress(data)}
        </span>
      </div>
      {data.items.length === 0 ? (
        <p className="text-sm text-slate-500">{M.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {data.items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <input
                id={`checklist-item-${item.id}`}
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 text-green-600 focus-visible:ring-2 focus-visible:ring-blue-500"
                checked={ticking[item.id] ?? item.checked}
                disabled={!editable}
                onChange={(e) => toggle(item, e.target.checked)}
              />
              <label
                htmlFor={`checklist-item-${item.id}`}
                className={`flex min-h-11 flex-1 items-center sm:min-h-0 ${item.checked ? 'text-slate-500 line-through' : 'text-slate-800'}`}
              >
                {item.label}
              </label>
              {queued.has(item.id) && <PendingMark refused={queued.get(item.id)?.state === 'conflict'} />}
              {item.checkedBy && <span className="text-xs text-slate-400">{item.checkedBy.nom}</span>}
              {editable && (
                <button
                  type="button"
                  aria-label={`Retirer ${item.label}`}
                  title="Retirer l'étape"
                  onClick={() => setRemoving(item)}
                  className="rounded p-1 text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && <ChecklistAddForm interventionId={interventionId} saving={add.isPending} onAdd={onAdd} />}
      <ConfirmDialog
        open={removing !== null}
        kind="warning"
        title="Retirer l'étape"
        message={<>Retirer « {removing?.label} » de la checklist ?</>}
        confirmLabel="Retirer"
        loading={remove.isPending}
        onConfirm={onRemove}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
