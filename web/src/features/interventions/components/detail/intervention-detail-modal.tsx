import { PAUSE_MOTIF_LABELS, PAUSE_MOTIF_MESSAGES } from '@gmao/domain/contracts/contract-constants';
import { formatDateTime } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { interventionFacts } from '@gmao/domain/interventions/policy';
import { BON_LABELS } from '@gmao/domain/interventions/signature-schemas';
import type { Statut } from '@gmao/domain/interventions/status';
import { Camera, Download, type LucideIcon, MessageSquare, Timer } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { LoadErrorState } from '../../../../components/ui/load-error-state';
import { Modal } from '../../../../components/ui/modal';
import { PendingMark } from '../../../../components/ui/pending-mark';
import { Spinner } from '../../../../components/ui/spinner';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { useNarrowScreen } from '../../../../components/ui/use-narrow-screen';
import { ApiError, downloadFile } from '../../../../lib/api-client';
import { pendingStatut, usePendingChanges } from '../../../../lib/offline/pending';
import { useIntervention } from '../../api/get-intervention';
import { useWorkflow, WORKFLOW_POLL_ACTIVE_MS, WORKFLOW_POLL_IDLE_MS } from '../../api/get-workflow';
import { useWorkflowHistory } from '../../api/get-workflow-history';
import { BonSection } from '../bon/bon-section';
import { CustomFieldsSection } from '../custom-fields/custom-fields-section';
import { ComptesRendusSection } from '../records/comptes-rendus-section';
import { ReviewSection, SubmitReviewButton } from '../review/review-section';
import { ScheduleLine } from '../schedule/schedule-line';
import { SlaBadge, SlaTargets } from '../sla/sla-badge';
import { ExpiredHabilitationBadge } from '../workflow/expired-habilitation-badge';
import { WorkflowActions } from '../workflow/workflow-actions';
import { WorkflowHistory } from '../workflow/workflow-history';
import { WorkflowProgress } from '../workflow/workflow-progress';
import { InterventionRecordsSections } from './intervention-records-sections';
import { InterventionSection, revealInterventionSection } from './intervention-section';

/** Report PDF built by the reports feature (readable by whoever may read interventions). */
export const interventionReportPath = (id: number) => `/reports/interventions/${id}/pdf`;

function Info({ intervention: i }: { intervention: Intervention }) {
  const queued = pendingStatut(usePendingChanges(i.id));
  const statut = queued ? (queued.payload as { statut: Statut }).statut : i.statut;
  const rows: [string, ReactNode][] = [
    ['Équipement', `${i.equipement.nom}${i.equipement.marque ? ` (${i.equipement.marque})` : ''}`],
    [
      'Client',
      `${i.equipement.proprietaire.nom_entreprise}${i.equipement.proprietaire.ville ? `, ${i.equipement.proprietaire.ville}` : ''}`,
    ],
    [
      'Statut',
      <span key="s" data-testid="detail-statut">
        <StatusBadge statut={statut} urgence={i.urgence} />
        {queued && <PendingMark />}
      </span>,
    ],
    // Issue 31: why it is paused ("attente client" may suspend the guaranteed times).
    ...(statut === 'EN_PAUSE' && i.pauseMotif
      ? ([[PAUSE_MOTIF_MESSAGES.label, PAUSE_MOTIF_LABELS[i.pauseMotif]]] as [string, ReactNode][])
      : []),
    ...(i.sla ? ([['Contrat', <SlaBadge key="sla" sla={i.sla} />]] as [string, ReactNode][]) : []),
    ['Créée par', i.creerPar?.nom ?? '-'],
    [
      'Technicien',
      <span key="t" className="inline-flex flex-wrap items-center gap-2">
        {i.technician?.nom ?? 'Non assigné'}
        <ExpiredHabilitationBadge reasons={i.habilitation_expiree} />
      </span>,
    ],
    ['Démarrée le', formatDateTime(i.startedAt)],
    ['Terminée le', formatDateTime(i.completedAt)],
  ];
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="min-w-28 text-slate-500">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {i.sla ? <SlaTargets sla={i.sla} /> : null}
      <ScheduleLine intervention={i} />
      <p className="whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        {i.description || 'Aucune description.'}
      </p>
    </div>
  );
}

/** A button of the phone's action bar: an icon over a short word. */
function BarButton({
  label,
  short,
  icon: Icon,
  onClick,
}: {
  label: string;
  short: string;
  icon: LucideIcon;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="flex min-h-11 min-w-12 flex-col items-center justify-center rounded-lg px-1 text-xs font-medium text-slate-700 hover:bg-slate-100"
    >
      <Icon className="h-5 w-5" aria-hidden="true" />
      {short}
    </button>
  );
}

/** Intervention detail: information, workflow phases, next actions, action buttons, report, history and notes. */
export function InterventionDetailModal({
  interventionId,
  onClose,
}: {
  interventionId: number | null;
  onClose: () => void;
}) {
  const workflow = useWorkflow(interventionId);
  const active = workflow.data?.data.statut === 'EN_COURS';
  const intervention = useIntervention(interventionId, active ? WORKFLOW_POLL_ACTIVE_MS : WORKFLOW_POLL_IDLE_MS);
  const history = useWorkflowHistory(interventionId, active);
  const [downloading, setDownloading] = useState(false);
  const narrow = useNarrowScreen();
  const data = intervention.data?.data;
  const wf = workflow.data?.data;
  const facts = data ? interventionFacts(data) : null;

  const download = async () => {
    if (interventionId === null) return;
    setDownloading(true);
    try {
      await downloadFile(interventionReportPath(interventionId), `rapport-intervention-${interventionId}.pdf`);
    } catch {
      // the API client has already shown the error toast
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      open={interventionId !== null}
      onClose={onClose}
      fill
      size="4xl"
      closeOnOverlayClick={false}
      title={data ? `Intervention #${data.id} — ${data.equipement.nom}` : "Détail de l'intervention"}
      footer={
        narrow && data && wf && facts ? (
          // Issue 14: on a phone the detail is a page whose bar keeps the work at hand — the next move of the
          // workflow, a note, a photo, the timer, the report — whatever section the technician is reading.
          <div className="flex w-full items-center gap-1" role="toolbar" aria-label="Actions rapides">
            {/* a flex box: a button arriving (the review's, once loaded) adds no line-box gap, the bar keeps its height */}
            <div className="flex min-w-0 flex-1 [&>button]:w-full">
              {/* Issue 30: once the work is finished, the next step is its submission for review. */}
              {data.statut === 'TERMINEE' ? (
                <SubmitReviewButton interventionId={data.id} statut={data.statut} facts={facts} short />
              ) : (
                <WorkflowActions variant="next" interventionId={data.id} facts={facts} workflow={wf} />
              )}
            </div>
            <BarButton
              label="Ajouter un commentaire"
              short="Commenter"
              icon={MessageSquare}
              onClick={() => revealInterventionSection('Commentaires', 'textarea')}
            />
            <BarButton
              label="Ajouter une photo"
              short="Photo"
              icon={Camera}
              onClick={() => revealInterventionSection('Pièces jointes', 'input[type="file"]')?.click()}
            />
            <BarButton
              label="Temps passé"
              short="Temps"
              icon={Timer}
              onClick={() => revealInterventionSection('Temps passé')}
            />
            <BarButton label="Télécharger Rapport" short="Rapport" icon={Download} onClick={download} />
          </div>
        ) : (
          <div
            role="toolbar"
            aria-label="Actions de l'intervention"
            className="flex w-full flex-wrap items-center justify-end gap-3"
          >
            {/* (not while a phone waits for the workflow to show its own bar) */}
            {!narrow && data && facts && data.statut === 'TERMINEE' && (
              <SubmitReviewButton interventionId={data.id} statut={data.statut} facts={facts} />
            )}
            <Button variant="secondary" onClick={download} loading={downloading}>
              <Download className="h-4 w-4" aria-hidden="true" /> Télécharger Rapport
            </Button>
            <Button onClick={onClose}>Fermer</Button>
          </div>
        )
      }
    >
      {(intervention.isError && !data) || (workflow.isError && !wf) ? (
        // Offline or failing: the message within the request timeout, never an endless spinner (issue 14).
        <LoadErrorState
          description={
            (intervention.error ?? workflow.error) instanceof ApiError &&
            (intervention.error ?? workflow.error)?.message
              ? `Impossible de charger l'intervention. ${(intervention.error ?? workflow.error)?.message}`
              : "Impossible de charger l'intervention."
          }
          onRetry={() => {
            void intervention.refetch();
            void workflow.refetch();
          }}
        />
      ) : !data || !wf || !facts ? (
        <div className="flex justify-center py-10">
          <Spinner size="md" />
        </div>
      ) : (
        <div className="space-y-6">
          <InterventionSection title="Informations" defaultOpen>
            <Info intervention={data} />
          </InterventionSection>
          <CustomFieldsSection intervention={data} />
          <InterventionSection title="Progression du workflow">
            <WorkflowProgress workflow={wf} />
          </InterventionSection>
          <div className="grid gap-6 md:grid-cols-2">
            <InterventionSection title="Prochaines actions">
              <ul className="list-inside list-disc space-y-1 text-sm text-slate-700">
                {wf.nextActions.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </InterventionSection>
            <InterventionSection title="Actions disponibles" defaultOpen>
              <WorkflowActions interventionId={data.id} facts={facts} workflow={wf} />
            </InterventionSection>
          </div>
          <InterventionSection title="Validation">
            <ReviewSection interventionId={data.id} statut={data.statut} facts={facts} />
          </InterventionSection>
          <InterventionRecordsSections intervention={data} />
          <InterventionSection title="Comptes rendus">
            <ComptesRendusSection interventionId={data.id} facts={facts} />
          </InterventionSection>
          <InterventionSection title={BON_LABELS.title}>
            <BonSection interventionId={data.id} />
          </InterventionSection>
          <InterventionSection title="Historique">
            <WorkflowHistory interventionId={data.id} entries={history.data?.data ?? []} version={data.version} />
          </InterventionSection>
        </div>
      )}
    </Modal>
  );
}
