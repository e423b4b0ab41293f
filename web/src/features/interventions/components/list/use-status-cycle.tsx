import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { statutLabel } from '@gmao/domain/interventions/status';
import { isReopening, nextCycleStatut } from '@gmao/domain/interventions/workflow';
import { useState } from 'react';
import { useChangeStatus, useUndoStatusChange } from '../../api/mutate-intervention';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { toastWithUndo } from '../undo-toast';
import { ReopenDialog } from '../workflow/reopen-dialog';

/**
 * A row's status button: moves the intervention to its next status, with an « Annuler » toast that puts it back.
 * Leaving TERMINEE (a reopening, issue 30) first asks for confirmation and its motif (`dialogs`, rendered by the
 * list).
 */
export function useStatusCycle() {
  const cycle = useChangeStatus();
  const undo = useUndoStatusChange();
  const [reopening, setReopening] = useState<Intervention | null>(null);

  const move = async (row: Intervention, motif?: string) => {
    try {
      const res = await cycle.mutateAsync({ id: row.id, statut: nextCycleStatut(row.statut), motif });
      setReopening(null);
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

  const onCycle = (row: Intervention) => {
    if (isReopening(row.statut, nextCycleStatut(row.statut))) setReopening(row);
    else void move(row);
  };

  const dialogs = (
    <ReopenDialog
      open={reopening !== null}
      target={reopening ? statutLabel(nextCycleStatut(reopening.statut)) : ''}
      approved={reopening?.reviewStatus === 'APPROUVEE'}
      saving={cycle.isPending}
      onClose={() => setReopening(null)}
      onConfirm={(motif) => reopening && void move(reopening, motif)}
    />
  );

  return { onCycle, isPending: cycle.isPending, dialogs };
}
