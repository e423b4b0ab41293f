import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import type { Workflow } from '@gmao/domain/interventions/intervention-schemas';
import { STATUT_LABELS, type Statut } from '@gmao/domain/interventions/status';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { usePermissions } from '../../../lib/session';
import { useChangeStatus } from '../api/mutate-intervention';
import { toastInterventionError, toastInterventionSuccess } from './intervention-toasts';

/** Moves that end or fail the work ask for confirmation. */
const CONFIRM: Statut[] = ['ANNULEE', 'ECHEC'];
const PRIMARY_VARIANT: Partial<Record<Statut, 'primary' | 'warning' | 'success'>> = {
  EN_PAUSE: 'warning',
  TERMINEE: 'success',
};

/** The detail view's buttons ('Démarrer', 'Mettre en Pause', 'Terminer', 'Reprendre' + maintenance moves). */
export function WorkflowActions({ interventionId, workflow }: { interventionId: number; workflow: Workflow }) {
  const { can } = usePermissions();
  const mutation = useChangeStatus();
  const [confirming, setConfirming] = useState<{ statut: Statut; label: string } | null>(null);
  if (!can(PERMISSIONS.INTERVENTIONS_UPDATE)) return null;
  if (workflow.availableActions.length === 0) {
    return <p className="text-sm text-slate-500">Aucune action disponible pour ce statut.</p>;
  }

  const run = async (statut: Statut) => {
    try {
      const res = await mutation.mutateAsync({ id: interventionId, statut });
      toastInterventionSuccess(res.message, MUTATION_MESSAGES.statusUpdate.success);
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.statusUpdate.failure);
    }
    setConfirming(null);
  };

  const primary = workflow.availableActions.filter((a) => a.primary);
  const secondary = workflow.availableActions.filter((a) => !a.primary);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {primary.map((a) => (
          <Button
            key={a.statut}
            variant={PRIMARY_VARIANT[a.statut as Statut] ?? 'primary'}
            disabled={mutation.isPending}
            onClick={() => run(a.statut as Statut)}
          >
            {a.label}
          </Button>
        ))}
      </div>
      {secondary.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {secondary.map((a) => (
            <Button
              key={a.statut}
              size="sm"
              variant="secondary"
              disabled={mutation.isPending}
              onClick={() =>
                CONFIRM.includes(a.statut as Statut)
                  ? setConfirming({ statut: a.statut as Statut, label: a.label })
                  : run(a.statut as Statut)
              }
            >
              {a.label}
            </Button>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        kind="danger"
        title={confirming?.label}
        message={`L'intervention passera au statut « ${confirming ? STATUT_LABELS[confirming.statut] : ''} ». Continuer ?`}
        loading={mutation.isPending}
        onConfirm={() => confirming && run(confirming.statut)}
        onCancel={() => setConfirming(null)}
      />
      <LoadingOverlay show={mutation.isPending} text="Mise à jour du statut..." />
    </div>
  );
}
