import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { formatDate } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import {
  LIFECYCLE_LABELS as L,
  LIFECYCLE_MESSAGES,
  LIFECYCLE_RESULT,
  type LifecycleAction,
} from '@gmao/domain/interventions/lifecycle-schemas';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { useForceDelete, useLifecycleAction } from '../../api/mutate-lifecycle';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';

const itemOf = (r: Intervention | null) => (
  <>
    <strong>{r?.equipement.nom}</strong> du {formatDate(r?.date)}
  </>
);

/**
 * Lifecycle actions of the list: archive / unarchive / restore run at once; 'Supprimer' (to the trash) and
 * 'Supprimer définitivement' (force delete) ask for confirmation first. Returns the handlers and the dialogs.
 */
export function useInterventionLifecycle() {
  const lifecycle = useLifecycleAction();
  const force = useForceDelete();
  const [trashing, setTrashing] = useState<Intervention | null>(null);
  const [purging, setPurging] = useState<Intervention | null>(null);

  const run = async (row: Intervention, action: LifecycleAction) => {
    try {
      const res = await lifecycle.mutateAsync({ id: row.id, action });
      toastInterventionSuccess(res.message, LIFECYCLE_RESULT[action].message);
      return true;
    } catch (err) {
      toastInterventionError(
        err,
        action === 'soft-delete' ? MUTATION_MESSAGES.interventionDelete.failure : LIFECYCLE_MESSAGES.failed,
      );
      return false;
    }
  };

  const confirmTrash = async () => {
    if (trashing && (await run(trashing, 'soft-delete'))) setTrashing(null);
  };

  const confirmPurge = async () => {
    if (!purging) return;
    try {
      const res = await force.mutateAsync(purging.id);
      toastInterventionSuccess(res.message, LIFECYCLE_MESSAGES.forceDeleted);
      setPurging(null);
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.interventionDelete.failure);
    }
  };

  const dialogs = (
    <>
      <ConfirmDialog
        open={trashing !== null}
        kind="warning"
        title={L.softDeleteTitle}
        message={
          <>
            {L.confirmPrefix} {itemOf(trashing)} ?<br />
            {L.softDeleteHint}
          </>
        }
        confirmLabel={L.moveToTrash}
        loading={lifecycle.isPending}
        onConfirm={confirmTrash}
        onCancel={() => setTrashing(null)}
      />
      <ConfirmDialog
        open={purging !== null}
        kind="danger"
        title={L.forceDeleteTitle}
        message={
          <>
            {L.confirmPrefix} {itemOf(purging)} ?<br />
            {L.irreversible}
          </>
        }
        confirmLabel={L.forceDelete}
        loading={force.isPending}
        onConfirm={confirmPurge}
        onCancel={() => setPurging(null)}
      />
    </>
  );

  return {
    run,
    requestTrash: setTrashing,
    requestPurge: setPurging,
    busy: lifecycle.isPending && trashing === null,
    dialogs,
  };
}
