import { formatDate, formatDateTime } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { downloadFile } from '../../../lib/api-client';
import { useIntervention } from '../api/get-intervention';
import { useWorkflow, WORKFLOW_POLL_ACTIVE_MS, WORKFLOW_POLL_IDLE_MS } from '../api/get-workflow';
import { useWorkflowHistory } from '../api/get-workflow-history';
import { ComptesRendusSection } from './comptes-rendus-section';
import { InterventionRecordsSections } from './intervention-records-sections';
import { InterventionSection } from './intervention-section';
import { ReviewSection } from './review-section';
import { StatusBadge } from './status-badge';
import { WorkflowActions } from './workflow-actions';
import { WorkflowHistory } from './workflow-history';
import { WorkflowProgress } from './workflow-progress';

/** Report PDF built by the reports feature (readable by whoever may read interventions). */
export const interventionReportPath = (id: number) => `/reports/interventions/${id}/pdf`;

function Info({ intervention: i }: { intervention: Intervention }) {
  const rows: [string, ReactNode][] = [
    ['Équipement', `${i.equipement.nom}${i.equipement.marque ? ` (${i.equipement.marque})` : ''}`],
    [
      'Client',
      `${i.equipement.proprietaire.nom_entreprise}${i.equipement.proprietaire.ville ? `, ${i.equipement.proprietaire.ville}` : ''}`,
    ],
    ['Date', formatDate(i.date)],
    ['Statut', <StatusBadge key="s" statut={i.statut} urgence={i.urgence} />],
    ['Créée par', i.creerPar?.nom ?? '-'],
    ['Technicien', i.technician?.nom ?? 'Non assigné'],
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
      <p className="whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        {i.description || 'Aucune description.'}
      </p>
    </div>
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
  const data = intervention.data?.data;
  const wf = workflow.data?.data;

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
      size="4xl"
      closeOnOverlayClick={false}
      title={data ? `Intervention #${data.id} — ${data.equipement.nom}` : "Détail de l'intervention"}
      footer={
        <>
          <Button variant="secondary" onClick={download} loading={downloading}>
            <Download className="h-4 w-4" aria-hidden="true" /> Télécharger Rapport
          </Button>
          <Button onClick={onClose}>Fermer</Button>
        </>
      }
    >
      {intervention.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Impossible de charger l'intervention.
        </p>
      ) : !data || !wf ? (
        <div className="flex justify-center py-10">
          <Spinner size="md" />
        </div>
      ) : (
        <div className="space-y-6">
          <InterventionSection title="Informations">
            <Info intervention={data} />
          </InterventionSection>
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
            <InterventionSection title="Actions disponibles">
              <WorkflowActions interventionId={data.id} workflow={wf} />
            </InterventionSection>
          </div>
          <InterventionSection title="Validation">
            <ReviewSection interventionId={data.id} statut={data.statut} />
          </InterventionSection>
          <InterventionRecordsSections intervention={data} />
          <InterventionSection title="Comptes rendus">
            <ComptesRendusSection interventionId={data.id} />
          </InterventionSection>
          <InterventionSection title="Historique">
            <WorkflowHistory interventionId={data.id} entries={history.data?.data ?? []} />
          </InterventionSection>
        </div>
      )}
    </Modal>
  );
}
