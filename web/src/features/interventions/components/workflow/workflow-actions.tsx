import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import type { PauseMotif } from '@gmao/domain/contracts/contract-constants';
import type { Workflow } from '@gmao/domain/interventions/intervention-schemas';
import { type InterventionFacts, POLICY_LABELS } from '@gmao/domain/interventions/policy';
import { STATUT_LABELS, type Statut } from '@gmao/domain/interventions/status';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { LoadingOverlay } from '../../../../components/ui/loading-overlay';
import { useChangeStatus } from '../../api/mutate-intervention';
import { type PartRequest, useSetClientSupplied } from '../../api/part-requests';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';
import { PauseDialog } from './pause-dialog';
import { WaitingPartsDialog } from './waiting-parts-dialog';

type OpenRequest = Pick<PartRequest, 'id' | 'fourni_par_client'>;

/** Moves that end or fail the work ask for confirmation. */
const CONFIRM: Statut[] = ['ANNULEE', 'ECHEC'];
const PRIMARY_VARIANT: Partial<Record<Statut, 'primary' | 'warning' | 'success'>> = {
  EN_PAUSE: 'warning',
  TERMINEE: 'success',
};

/**
 * The detail view's buttons ('Démarrer', 'Mettre en Pause', 'Terminer', 'Reprendre' + maintenance moves), for who
 * works on the intervention (its creator, its assignee, a holder of interventions:assign).
 */
export function WorkflowActions({
  interventionId,
  facts,
  workflow,
  variant = 'full',
}: {
  interventionId: number;
  facts: InterventionFacts;
  workflow: Workflow;
  /** 'next': only the next move of the workflow (its first primary action), for the phone's action bar. */
  variant?: 'full' | 'next';
}) {
  const access = useInterventionAccess();
  const mutation = useChangeStatus();
  const [confirming, setConfirming] = useState<{ statut: Statut; label: string } | null>(null);
  const [pausing, setPausing] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const clientSupplied = useSetClientSupplied(interventionId);
  const run = async (
    statut: Statut,
    opts: { pause?: { motif: PauseMotif; note: string }; clientSupplied?: boolean; requests?: OpenRequest[] } = {},
  ) => {
    const { pause } = opts;
    try {
      // Waiting for parts: who supplies them is written on the open requests first (the contract's rule reads them).
      const toMark = (opts.requests ?? []).filter((r) => !!r.fourni_par_client !== opts.clientSupplied);
      for (const r of toMark) await clientSupplied.mutateAsync({ rid: r.id, fourniParClient: !!opts.clientSupplied });
      const res = await mutation.mutateAsync({
        id: interventionId,
        statut,
        // Marking the requests raised the version: the move is made on the one the user has just written.
        version: toMark.length ? undefined : workflow.version,
        ...(pause ? { pauseMotif: pause.motif, note: pause.note || undefined } : {}),
      });
      toastInterventionSuccess(res.message, MUTATION_MESSAGES.statusUpdate.success);
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.statusUpdate.failure);
    }
    setConfirming(null);
    setPausing(false);
    setWaiting(false);
  };
  // Issue 31: a pause asks its motif first ("attente client" may suspend the contract's guaranteed times), waiting
  // for parts who supplies them.
  const start = (statut: Statut) =>
    statut === 'EN_PAUSE' ? setPausing(true) : statut === 'EN_ATTENTE_PDR' ? setWaiting(true) : run(statut);

  const saving = mutation.isPending || clientSupplied.isPending;
  const pauseDialog = (
    <>
      <PauseDialog
        open={pausing}
        saving={saving}
        onClose={() => setPausing(false)}
        onConfirm={(motif, note) => run('EN_PAUSE', { pause: { motif, note } })}
      />
      {waiting && (
        <WaitingPartsDialog
          open
          interventionId={interventionId}
          saving={saving}
          onClose={() => setWaiting(false)}
          onConfirm={(supplied, requests) => run('EN_ATTENTE_PDR', { clientSupplied: supplied, requests })}
        />
      )}
    </>
  );
  const next = workflow.availableActions.find((a) => a.primary);
  if (variant === 'next') {
    if (!access.can('changeStatus', facts) || !next) return null;
    return (
      <>
        <Button
          variant={PRIMARY_VARIANT[next.statut as Statut] ?? 'primary'}
          loading={mutation.isPending}
          onClick={() => start(next.statut as Statut)}
        >
          {next.label}
        </Button>
        {pauseDialog}
      </>
    );
  }
  if (!access.can('changeStatus', facts)) {
    return <p className="text-sm text-slate-500">{POLICY_LABELS.workReserved}</p>;
  }
  if (workflow.availableActions.length === 0) {
    return <p className="text-sm text-slate-500">Aucune action disponible pour ce statut.</p>;
  }

  // Responses type statut as a string until the domain's response schemas use statutSchema (server change).
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
            onClick={() => start(a.statut as Statut)}
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
                  : start(a.statut as Statut)
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
      {pauseDialog}
      <LoadingOverlay show={mutation.isPending} text="Mise à jour du statut..." />
    </div>
  );
}
