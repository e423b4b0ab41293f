import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import type { PauseMotif } from '@gmao/domain/contracts/contract-constants';
import type { Workflow } from '@gmao/domain/interventions/intervention-schemas';
import { OUTBOX_MESSAGES, SIGNATURE_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { type InterventionFacts, POLICY_LABELS } from '@gmao/domain/interventions/policy';
import { STATUT_LABELS, type Statut } from '@gmao/domain/interventions/status';
import { detailActions } from '@gmao/domain/interventions/workflow';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { LoadingOverlay } from '../../../../components/ui/loading-overlay';
import {
  hasPendingClientSignature,
  pendingStatut,
  sendOrQueue,
  useOutboxUserId,
  usePendingChanges,
} from '../../../../lib/offline/pending';
import { readUser } from '../../../../lib/session-storage';
import { notify } from '../../../../lib/toast';
import { useChangeStatus } from '../../api/mutate-intervention';
import { type PartRequest, useSetClientSupplied } from '../../api/part-requests';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';
import { PauseDialog } from './pause-dialog';
import { WaitingPartsDialog } from './waiting-parts-dialog';

type OpenRequest = Pick<PartRequest, 'id' | 'fourni_par_client'>;

import { SignOnSiteDialog } from './sign-on-site-dialog';

/** The workflow as the phone shows it: the server's, moved to the status waiting in the outbox (issue 32). */
export function useShownWorkflow(interventionId: number, workflow: Workflow) {
  const rows = usePendingChanges(interventionId);
  const queued = pendingStatut(rows);
  const statut = queued ? (queued.payload as { statut: Statut }).statut : workflow.statut;
  return {
    rows,
    statut,
    pending: queued !== null,
    availableActions: queued ? detailActions(statut) : workflow.availableActions,
    clientSigned: workflow.clientSignature?.signed === true || hasPendingClientSignature(rows),
  };
}

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
  const userId = useOutboxUserId();
  const shown = useShownWorkflow(interventionId, workflow);
  const [confirming, setConfirming] = useState<{ statut: Statut; label: string } | null>(null);
  const [pausing, setPausing] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const clientSupplied = useSetClientSupplied(interventionId);
  /** Issue 32: « Faire signer le client » — 'close' when opened by « Terminer ». */
  const [signing, setSigning] = useState<'close' | 'sign' | null>(null);
  const [sending, setSending] = useState(false);
  const required = workflow.clientSignature?.required === true;
  const send = async (
    statut: Statut,
    opts: { pause?: { motif: PauseMotif; note: string }; clientSupplied?: boolean; requests?: OpenRequest[] } = {},
  ) => {
    const { pause } = opts;
    setSending(true);
    try {
      // Waiting for parts: who supplies them is written on the open requests first (the contract's rule reads them).
      const toMark = (opts.requests ?? []).filter((r) => !!r.fourni_par_client !== opts.clientSupplied);
      for (const r of toMark) await clientSupplied.mutateAsync({ rid: r.id, fourniParClient: !!opts.clientSupplied });
      const motif = pause ? { pause_motif: pause.motif, ...(pause.note ? { note: pause.note } : {}) } : {};
      const out = await sendOrQueue(
        { userId, interventionId, type: 'status', payload: { statut, ...motif }, baseVersion: workflow.version },
        () =>
          mutation.mutateAsync({
            id: interventionId,
            statut,
            // Marking the requests raised the version: the move is made on the one the user has just written.
            version: toMark.length ? undefined : workflow.version,
            ...(pause ? { pauseMotif: pause.motif, note: pause.note || undefined } : {}),
          }),
      );
      if (out.queued) notify.success(OUTBOX_MESSAGES.queued);
      else toastInterventionSuccess(out.result.message, MUTATION_MESSAGES.statusUpdate.success);
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.statusUpdate.failure);
    } finally {
      setSending(false);
    }
    setConfirming(null);
    setPausing(false);
    setWaiting(false);
  };
  // Issue 31: a pause asks its motif first ("attente client" may suspend the contract's guaranteed times), waiting
  // for parts who supplies them. Issue 32: closing on site (a technician), or wherever the client's signature is
  // required, asks for the bon's signatures first — unless the client has signed already.
  const [technician] = useState(() => readUser()?.role === 'Technicien');
  const asksSignature = !shown.clientSigned && (required || technician);
  const run = (statut: Statut) =>
    statut === 'EN_PAUSE'
      ? setPausing(true)
      : statut === 'EN_ATTENTE_PDR'
        ? setWaiting(true)
        : statut === 'TERMINEE' && asksSignature
          ? setSigning('close')
          : send(statut);
  const busy = mutation.isPending || sending || clientSupplied.isPending;
  const dialogs = (
    <>
      <PauseDialog
        open={pausing}
        saving={busy}
        onClose={() => setPausing(false)}
        onConfirm={(motif, note) => send('EN_PAUSE', { pause: { motif, note } })}
      />
      {waiting && (
        <WaitingPartsDialog
          open
          interventionId={interventionId}
          saving={busy}
          onClose={() => setWaiting(false)}
          onConfirm={(supplied, requests) => send('EN_ATTENTE_PDR', { clientSupplied: supplied, requests })}
        />
      )}
      <SignOnSiteDialog
        open={signing !== null}
        interventionId={interventionId}
        version={workflow.version}
        closing={signing === 'close'}
        required={required}
        onClose={() => setSigning(null)}
        onSigned={() => {
          const close = signing === 'close';
          setSigning(null);
          if (close) void send('TERMINEE');
        }}
        onCloseWithout={() => {
          setSigning(null);
          void send('TERMINEE');
        }}
      />
    </>
  );

  const next = shown.availableActions.find((a) => a.primary);
  if (variant === 'next') {
    if (!access.can('changeStatus', facts) || !next) return null;
    return (
      <>
        <Button
          variant={PRIMARY_VARIANT[next.statut as Statut] ?? 'primary'}
          loading={busy}
          onClick={() => run(next.statut as Statut)}
        >
          {next.label}
        </Button>
        {dialogs}
      </>
    );
  }
  if (!access.can('changeStatus', facts)) {
    return <p className="text-sm text-slate-500">{POLICY_LABELS.workReserved}</p>;
  }
  if (shown.availableActions.length === 0) {
    return <p className="text-sm text-slate-500">Aucune action disponible pour ce statut.</p>;
  }

  // Responses type statut as a string until the domain's response schemas use statutSchema (server change).
  const primary = shown.availableActions.filter((a) => a.primary);
  const secondary = shown.availableActions.filter((a) => !a.primary);
  const canSign = shown.statut !== 'ANNULEE' && shown.statut !== 'ECHEC';
  return (
    <div className="space-y-3">
      {shown.clientSigned ? (
        <p className="text-sm text-green-800">
          {workflow.clientSignature?.signed ? SIGNATURE_MESSAGES.signed : SIGNATURE_MESSAGES.signedPending}
        </p>
      ) : (
        canSign && (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setSigning('sign')}>
            {SIGNATURE_MESSAGES.askClient}
          </Button>
        )
      )}
      <div className="flex flex-wrap gap-2">
        {primary.map((a) => (
          <Button
            key={a.statut}
            variant={PRIMARY_VARIANT[a.statut as Statut] ?? 'primary'}
            disabled={busy}
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
              disabled={busy}
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
        loading={busy}
        onConfirm={() => confirming && run(confirming.statut)}
        onCancel={() => setConfirming(null)}
      />
      {dialogs}
      <LoadingOverlay show={busy} text="Mise à jour du statut..." />
    </div>
  );
}
