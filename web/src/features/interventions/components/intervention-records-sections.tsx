import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { DetailSection } from './detail-section';
import { TechnicianAssignment } from './technician-assignment';

/** The detail modal's work records: assignee, diagnostic, planning, quality control, materials. */
export function InterventionRecordsSections({ intervention }: { intervention: Intervention }) {
  return (
    <>
      <DetailSection title="Affectation">
        <TechnicianAssignment intervention={intervention} />
      </DetailSection>
    </>
  );
}
