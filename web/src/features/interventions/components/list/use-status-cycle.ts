import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { nextCycleStatut } from '@gmao/domain/interventions/workflow';
import { useChangeStatus, useUndoStatusChange } from '../../api/mutate-intervention';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { toastWithUndo } from '../undo-toast';

/** A row's status button: moves the intervention to its next status, with an « Annuler » toast that puts it back. */
export function useStatusCycle() {
  const cycle = useChangeStatus();
  const undo = useUndoStatusChange();

  const onCycle = async (row: Intervention) => {
    try {
      const res = await cycle.mutateAsync({ id: row.id, statut: nextCycleStatut(row.statut) });
      toastWithUndo(res.message || MUTATION_MESSAGES.statusUpdate.success, async () => {
        try {
          const back = await undo.mutateAsync(row.id);
          toastInterventionSuccess(back.message, MUTATION_MESSAGES.statusUpdate.success);
        } catch (err) {
          toastInterventionError(err, MUTATION_MESSAGES.statusUpdate.failure);
        }
      });
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.statusUpdate.failure);
    }
  };

  return { onCycle, isPending: cycle.isPending };
}
