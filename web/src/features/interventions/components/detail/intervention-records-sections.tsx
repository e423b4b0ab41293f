import { countOf, formatNumber } from '@gmao/domain/format/format';
import { NEEDS_CONSIGNATION } from '@gmao/domain/habilitations/consignation';
import { CONSIGNATION_LABELS } from '@gmao/domain/habilitations/consignation-labels';
import { checklistProgress } from '@gmao/domain/interventions/checklist-schemas';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { interventionFacts } from '@gmao/domain/interventions/policy';
import { useAttachments } from '../../api/attachments';
import { useChecklist } from '../../api/checklist';
import { useMaterials } from '../../api/get-materials';
import { useRecords } from '../../api/get-records';
import { AttachmentsSection } from '../attachments/attachments-section';
import { CommentsSection } from '../comments/comments-section';
import { ConsignationSection } from '../consignation/consignation-section';
import { MaterialsSection } from '../materials/materials-section';
import { PartRequestsSection } from '../parts/part-requests-section';
import { ChecklistSection } from '../records/checklist-section';
import { DiagnosticSection } from '../records/diagnostic-section';
import { PlanificationSection } from '../records/planification-section';
import { QualityControlSection } from '../records/quality-control-section';
import { TechnicianAssignment } from '../workflow/technician-assignment';
import { TimerSection } from '../workflow/timer-section';
import { InterventionSection } from './intervention-section';

/** A count as a heading's state ('2', titled '2 lignes'); none when there is nothing. */
const countState = (n: number | undefined, singular: string, plural?: string) =>
  n ? { text: formatNumber(n), title: countOf(n, singular, plural) } : undefined;

/**
 * Issue 30: each folded heading says what its section holds — 'Checklist 3/3', 'Matériel utilisé 1', 'Pièces
 * jointes 2' — from the queries the sections themselves run (the same keys: no request more).
 */
function useSectionStates(id: number) {
  const checklist = useChecklist(id).data?.data;
  const materials = useMaterials(id).data?.data;
  const attachments = useAttachments(id).data?.data;
  return {
    checklist:
      checklist && checklist.total > 0
        ? {
            text: checklistProgress(checklist),
            title: `${countOf(checklist.done, 'étape cochée', 'étapes cochées')} sur ${checklist.total}`,
          }
        : undefined,
    materials: countState(materials?.items.length, 'ligne de matériel', 'lignes de matériel'),
    attachments: countState(attachments?.length, 'pièce jointe'),
  };
}

/** The detail modal's work records: assignee, diagnostic, planning, quality control, checklist, materials, time spent, attachments, comments. */
export function InterventionRecordsSections({ intervention }: { intervention: Intervention }) {
  const records = useRecords(intervention.id);
  const data = records.data?.data;
  const facts = interventionFacts(intervention);
  const states = useSectionStates(intervention.id);
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
            <DiagnosticSection interventionId={intervention.id} facts={facts} diagnostic={data.diagnostic} />
          </InterventionSection>
          <InterventionSection title="Planification">
            <PlanificationSection intervention={intervention} planification={data.planification} />
          </InterventionSection>
          <InterventionSection title="Contrôle qualité">
            <QualityControlSection intervention={intervention} controle={data.controleQualite} />
          </InterventionSection>
        </div>
      )}
      {/* Issue 34: work on a de-energised installation starts only once consigned. */}
      {intervention.type_travail && NEEDS_CONSIGNATION.includes(intervention.type_travail) && (
        <InterventionSection title={CONSIGNATION_LABELS.section} defaultOpen>
          <ConsignationSection intervention={intervention} />
        </InterventionSection>
      )}
      <InterventionSection title="Checklist" state={states.checklist}>
        <ChecklistSection interventionId={intervention.id} facts={facts} version={intervention.version} />
      </InterventionSection>
      <InterventionSection title="Demandes de pièces">
        <PartRequestsSection
          interventionId={intervention.id}
          writable={intervention.statut !== 'ANNULEE' && intervention.statut !== 'TERMINEE'}
        />
      </InterventionSection>
      <InterventionSection title="Matériel utilisé" state={states.materials}>
        <MaterialsSection
          interventionId={intervention.id}
          facts={facts}
          readOnly={intervention.statut === 'ANNULEE'}
          version={intervention.version}
        />
      </InterventionSection>
      <InterventionSection title="Temps passé">
        <TimerSection
          interventionId={intervention.id}
          statut={intervention.statut}
          facts={facts}
          version={intervention.version}
        />
      </InterventionSection>
      <InterventionSection title="Pièces jointes" state={states.attachments}>
        <AttachmentsSection interventionId={intervention.id} facts={facts} version={intervention.version} />
      </InterventionSection>
      <InterventionSection title="Commentaires">
        <CommentsSection interventionId={intervention.id} facts={facts} />
      </InterventionSection>
    </>
  );
}
