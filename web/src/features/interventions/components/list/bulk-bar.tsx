import type { Failure } from '@gmao/domain/common/api';
import { BULK_MESSAGES, BULK_LABELS as L } from '@gmao/domain/interventions/bulk-schemas';
import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { isStatut, STATUT_LABELS, STATUTS, statutLabel } from '@gmao/domain/interventions/status';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { inputClass } from '../../../../components/ui/form-field';
import { useTechnicians } from '../../api/get-technicians';
import { useBulkAssign, useBulkStatus, useBulkTrash } from '../../api/mutate-bulk';
import { needsReopenMotif } from '../../api/reopen';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { ReopenDialog } from '../workflow/reopen-dialog';
import { BulkEditModal } from './bulk-edit-modal';
import { BulkFailures, failuresOf } from './bulk-failures';

const selectClass = inputClass().replace('w-full', 'w-full sm:w-52');

/**
 * Shown while rows are selected: change their status, (holders of interventions:assign) assign them a technician,
 * edit several fields at once, (holders of interventions:delete) move them to the Corbeille after a confirmation
 * naming the count; then clear the selection. A refused bulk call changes nothing, lists why and keeps the selection.
 */
export function BulkBar({
  ids,
  canAssign,
  canDelete = false,
  onClear,
}: {
  ids: number[];
  canAssign: boolean;
  canDelete?: boolean;
  onClear: () => void;
}) {
  const [status, setStatus] = useState('');
  const [technicianId, setTechnicianId] = useState('');
  const [editing, setEditing] = useState(false);
  const [trashing, setTrashing] = useState(false);
  const [trashFailures, setTrashFailures] = useState<Failure[]>([]);
  const technicians = useTechnicians(canAssign && ids.length > 0);
  const bulkStatus = useBulkStatus();
  const bulkAssign = useBulkAssign();
  const bulkTrash = useBulkTrash();

  const closeTrash = () => {
    setTrashing(false);
    setTrashFailures([]);
  };
  const trash = async () => {
    setTrashFailures([]);
    try {
      const res = await bulkTrash.mutateAsync({ ids });
      toastInterventionSuccess(res.message, BULK_MESSAGES.trashed(res.data.count));
      closeTrash();
      onClear();
    } catch (err) {
      const failed = failuresOf(err);
      if (failed.length > 0) setTrashFailures(failed);
      else toastInterventionError(err, L.trashFailed);
    }
  };

  // Issue 30: a selection with finished interventions is a reopening; the server asks for its motif (400 on
  // `motif`), the bar asks the user and sends it again.
  const [askMotif, setAskMotif] = useState(false);
  const applyStatus = async (motif?: string) => {
    if (!isStatut(status)) return;
    try {
      const res = await bulkStatus.mutateAsync({ ids, status, motif });
      toastInterventionSuccess(res.message, ASSIGNMENT_MESSAGES.bulkStatusUpdated(res.data.count));
      setAskMotif(false);
      setStatus('');
      onClear();
    } catch (err) {
      if (!motif && needsReopenMotif(err)) {
        setAskMotif(true);
      } else toastInterventionError(err, L.statusFailed);
    }
  };
  const assign = async () => {
    if (!technicianId) return;
    try {
      const res = await bulkAssign.mutateAsync({ ids, technicianId: Number(technicianId) });
      toastInterventionSuccess(res.message, ASSIGNMENT_MESSAGES.bulkAssigned(res.data.count));
      setTechnicianId('');
      onClear();
    } catch (err) {
      toastInterventionError(err, L.assignFailed);
    }
  };

  return (
    <section
      aria-label={L.bar}
      className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3"
    >
      <p className="text-sm font-medium text-blue-900" aria-live="polite">
        {L.selected(ids.length)}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label={L.status}
          className={selectClass}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <option value="">{L.chooseStatus}</option>
          {STATUTS.map((s) => (
            <option key={s} value={s}>
              {STATUT_LABELS[s]}
            </option>
          ))}
        </select>
        <Button size="sm" onClick={() => applyStatus()} disabled={!status} loading={bulkStatus.isPending}>
          {L.applyStatus}
        </Button>
      </div>
      {canAssign && (
        <div className="flex flex-wrap items-center gap-2">
          <select
            aria-label={L.technician}
            className={selectClass}
            value={technicianId}
            onChange={(e) => setTechnicianId(e.target.value)}
          >
            <option value="">{L.chooseTechnician}</option>
            {(technicians.data?.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.nom}
              </option>
            ))}
          </select>
          <Button size="sm" onClick={assign} disabled={!technicianId} loading={bulkAssign.isPending}>
            {L.assign}
          </Button>
        </div>
      )}
      <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
        {L.edit}
      </Button>
      {canDelete && (
        <Button size="sm" variant="danger" onClick={() => setTrashing(true)}>
          {L.trash}
        </Button>
      )}
      <Button size="sm" variant="secondary" className="ml-auto" onClick={onClear}>
        {L.clear}
      </Button>
      {editing && (
        <BulkEditModal
          ids={ids}
          canAssign={canAssign}
          onClose={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            onClear();
          }}
        />
      )}
      <ReopenDialog
        open={askMotif}
        target={isStatut(status) ? statutLabel(status) : ''}
        approved={false}
        saving={bulkStatus.isPending}
        onClose={() => setAskMotif(false)}
        onConfirm={(motif) => void applyStatus(motif)}
      />
      <ConfirmDialog
        open={trashing}
        kind="danger"
        title={L.trashConfirm(ids.length)}
        message={
          <>
            <p>{L.trashHint}</p>
            <BulkFailures failures={trashFailures} />
          </>
        }
        confirmLabel={L.trash}
        loading={bulkTrash.isPending}
        onConfirm={trash}
        onCancel={closeTrash}
      />
    </section>
  );
}
