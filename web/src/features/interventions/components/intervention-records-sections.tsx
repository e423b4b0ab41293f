import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { useRecords } from '../api/get-records';
import { AttachmentsSection } from './attachments-section';
import { CommentsSection } from './comments-section';
import { DetailSection } from './detail-section';
import { DiagnosticSection } from './diagnostic-section';
import { MaterialsSection } from './materials-section';
import { PlanificationSection } from './planification-section';
import { QualityControlSection } from './quality-control-section';
import { TechnicianAssignment } from './technician-assignment';
import { TimerSection } from './timer-section';

/** The detail modal's work records: assignee, diagnostic, planning, quality control, materials, time spent, attachments, comments. */
export function InterventionRecordsSections({ intervention }: { intervention: Intervention }) {
  const records = useRecords(intervention.id);
  const data = records.data?.data;
  return (
    <>
      <DetailSection title="Affectation">
        <TechnicianAssignment intervention={intervention} />
      </DetailSection>
      {records.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Impossible de charger le diagnostic, la planification et le contrôle qualité.
        </p>
      ) : !data ? (
        <p className="text-sm text-slate-500">Chargement des fiches...</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <DetailSection title="Diagnostic">
            <DiagnosticSection interventionId={intervention.id} diagnostic={data.diagnostic} />
          </DetailSection>
          <DetailSection title="Planification">
            <PlanificationSection intervention={intervention} planification={data.planification} />
          </DetailSection>
          <DetailSection title="Contrôle qualité">
            <QualityControlSection intervention={intervention} controle={data.controleQualite} />
          </DetailSection>
        </div>
      )}
      <DetailSection title="Matériel utilisé">
        <MaterialsSection interventionId={intervention.id} readOnly={intervention.statut === 'ANNULEE'} />
      </DetailSection>
      <DetailSection title="Temps passé">
        <TimerSection interventionId={intervention.id} statut={intervention.statut} />
      </DetailSection>
      <DetailSection title="Pièces jointes">
        <AttachmentsSection interventionId={intervention.id} />
      </DetailSection>
      <DetailSection title="Commentaires">
        <CommentsSection interventionId={intervention.id} />
      </DetailSection>
    </>
  );
}
