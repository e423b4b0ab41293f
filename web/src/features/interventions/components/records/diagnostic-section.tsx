import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { formatDateTime } from '@gmao/domain/format/format';
import type { InterventionFacts } from '@gmao/domain/interventions/policy';
import {
  type Diagnostic,
  type DiagnosticFormValues,
  diagnosticFormSchema,
  GRAVITE_LABELS,
  GRAVITES,
  type Gravite,
} from '@gmao/domain/interventions/record-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../../components/ui/form-field';
import { useSaveDiagnostic } from '../../api/mutate-records';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';
import { RecordFields, RecordFormButtons, RecordView } from './record-view';

const graviteLabel = (g: string) => GRAVITE_LABELS[g as Gravite] ?? g;

function DiagnosticForm({ id, current, onDone }: { id: number; current: Diagnostic | null; onDone: () => void }) {
  const mutation = useSaveDiagnostic();
  const form = useForm<DiagnosticFormValues>({
    resolver: zodResolver(diagnosticFormSchema),
    defaultValues: {
      constat: current?.constat ?? '',
      causes: current?.causes ?? '',
      actionsRecommandees: current?.actionsRecommandees ?? '',
      gravite: (current?.gravite as Gravite) ?? 'MOYENNE',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await mutation.mutateAsync({ id, body: values });
      toastInterventionSuccess(res.message, MUTATION_MESSAGES.diagnostic.success);
      onDone();
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.diagnostic.failure);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Formulaire de diagnostic" className="space-y-3">
      <FormField label="Constat" htmlFor="diag-constat" required error={errors.constat?.message}>
        <textarea
          id="diag-constat"
          rows={3}
          className={inputClass(!!errors.constat)}
          {...fieldAria('diag-constat', errors.constat?.message)}
          {...form.register('constat')}
        />
      </FormField>
      <FormField label="Causes" htmlFor="diag-causes" error={errors.causes?.message}>
        <textarea id="diag-causes" rows={2} className={inputClass(!!errors.causes)} {...form.register('causes')} />
      </FormField>
      <FormField label="Actions recommandées" htmlFor="diag-actions" error={errors.actionsRecommandees?.message}>
        <textarea id="diag-actions" rows={2} className={inputClass()} {...form.register('actionsRecommandees')} />
      </FormField>
      <FormField label="Gravité" htmlFor="diag-gravite" error={errors.gravite?.message}>
        <select id="diag-gravite" className={inputClass()} {...form.register('gravite')}>
          {GRAVITES.map((g) => (
            <option key={g} value={g}>
              {GRAVITE_LABELS[g]}
            </option>
          ))}
        </select>
      </FormField>
      <RecordFormButtons saving={mutation.isPending} onCancel={onDone} />
    </form>
  );
}

/** The current diagnostic (constat, causes, actions, gravity) and its form. */
export function DiagnosticSection({
  interventionId,
  facts,
  diagnostic,
}: {
  interventionId: number;
  facts: InterventionFacts;
  diagnostic: Diagnostic | null;
}) {
  const access = useInterventionAccess();
  const [editing, setEditing] = useState(false);
  if (editing) return <DiagnosticForm id={interventionId} current={diagnostic} onDone={() => setEditing(false)} />;
  return (
    <RecordView
      empty={!diagnostic}
      emptyText="Aucun diagnostic établi."
      editLabel={diagnostic ? 'Modifier le diagnostic' : 'Établir le diagnostic'}
      canEdit={access.can('editRecords', facts)}
      onEdit={() => setEditing(true)}
      footer={diagnostic && `Par ${diagnostic.auteur?.nom ?? '-'}, le ${formatDateTime(diagnostic.updatedAt)}`}
    >
      {diagnostic && (
        <RecordFields
          rows={[
            ['Constat', diagnostic.constat],
            ['Causes', diagnostic.causes],
            ['Actions recommandées', diagnostic.actionsRecommandees],
            ['Gravité', graviteLabel(diagnostic.gravite)],
          ]}
        />
      )}
    </RecordView>
  );
}
