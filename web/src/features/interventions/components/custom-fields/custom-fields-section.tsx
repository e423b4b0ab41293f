import { CUSTOM_FIELD_MESSAGES as M } from '@gmao/domain/custom-fields/custom-field-messages';
import { applicableFields, formatCustomValue } from '@gmao/domain/custom-fields/custom-field-schemas';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { interventionFacts } from '@gmao/domain/interventions/policy';
import { useState } from 'react';
import { useCustomFieldDefinitions } from '../../api/get-custom-field-definitions';
import { InterventionSection } from '../detail/intervention-section';
import { RecordView } from '../records/record-view';
import { useInterventionAccess } from '../use-intervention-access';
import { CustomValuesForm } from './custom-values-form';

/**
 * 'Champs personnalisés' of the intervention detail: the active fields that apply to its equipment type (global ones
 * and that type's, in their order) with their values formatted as in the exports, and their form for whoever may
 * edit the intervention (domain policy 'edit', as the server). Not shown when no field applies.
 */
export function CustomFieldsSection({ intervention }: { intervention: Intervention }) {
  const definitions = useCustomFieldDefinitions();
  const access = useInterventionAccess();
  const [editing, setEditing] = useState(false);
  const fields = applicableFields(definitions.data?.data ?? [], intervention.equipement.type_equipement);
  if (fields.length === 0) return null;
  const shown = fields.map((f) => [f, formatCustomValue(f, intervention.custom_fields[f.cle])] as const);
  return (
    <InterventionSection title={M.title}>
      {editing ? (
        <CustomValuesForm intervention={intervention} fields={fields} onDone={() => setEditing(false)} />
      ) : (
        <RecordView
          empty={shown.every(([, text]) => text === '')}
          emptyText={M.noValue}
          editLabel={M.editValues}
          canEdit={access.can('edit', interventionFacts(intervention))}
          onEdit={() => setEditing(true)}
        >
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {shown.map(([f, text]) => (
              <div key={f.id}>
                <dt className="text-slate-500">{f.libelle}</dt>
                <dd className="font-medium text-slate-900">{text || '-'}</dd>
              </div>
            ))}
          </dl>
        </RecordView>
      )}
    </InterventionSection>
  );
}
