import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { useRecords } from '../api/get-records';
import { AttachmentsSection } from './attachments-section';
import { ChecklistSection } from './checklist-section';
import { CommentsSection } from './comments-section';
import { DiagnosticSection } from './diagnostic-section';
import { InterventionSection } from './intervention-section';
import { MaterialsSection } from './materials-section';
import { PlanificationSection } from './planification-section';
import { QualityControlSection } from './quality-control-section';
import { TechnicianAssignment } from './technician-assignment';
import { TimerSection } from './timer-section';

/** The detail modal's work records: assignee, diagnostic, planning, quality control, checklist, materials, time spent, attachments, comments. */
export function InterventionRecordsSections({ intervention }: { intervention: Intervention }) {
  const records = useRecords(intervention.id);
  const data = records.data?.data;
  return (
    <>
      <InterventionSection title="Affectation">
        <TechnicianAssignment intervention={intervention} />
      </InterventionSection>
      {records.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Impossible de charger le diagnostic, la planification et le contrôle qualité.
        </p>
      ) : !data ? (
        <p className="text-sm text-slate-500">Chargement des fiches...</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <InterventionSection title="Diagnostic">
            <DiagnosticSection interventionId={intervention.id} diagnostic={data.diagnostic} />
          </InterventionSection>
          <InterventionSection title="Planification">
            <PlanificationSection intervention={intervention} planification={data.planification} />
          </InterventionSection>
          <InterventionSection title="Contrôle qualité">
            <QualityControlSection intervention={intervention} controle={data.controleQualite} />
          </InterventionSection>
        </div>
      )}
      <InterventionSection title="Checklist">
        <ChecklistSection interventionId={intervention.id} />
      </InterventionSection>
      <InterventionSection title="Matériel utilisé">
        <MaterialsSection interventionId={intervention.id} readOnly={intervention.statut === 'ANNULEE'} />
      </InterventionSection>
      <InterventionSection title="Temps passé">
        <TimerSection interventionId={intervention.id} statut={intervention.statut} />
      </InterventionSection>
      <InterventionSection title="Pièces jointes">
        <AttachmentsSection interventionId={intervention.id} />
      </InterventionSection>
      <InterventionSection title="Commentaires">
        <CommentsSection interventionId={intervention.id} />
      </InterventionSection>
    </>
  );
}
