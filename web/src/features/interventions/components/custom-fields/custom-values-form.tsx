import { CUSTOM_FIELD_MESSAGES as M } from '@gmao/domain/custom-fields/custom-field-messages';
import {
  type CustomField,
  type CustomValue,
  type CustomValues,
  checkCustomValues,
} from '@gmao/domain/custom-fields/custom-field-schemas';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { type Resolver, useForm } from 'react-hook-form';
import { ApiError } from '../../../../lib/api-client';
import { useSaveCustomValues } from '../../api/save-custom-values';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { RecordFormButtons } from '../records/record-view';
import { type CustomFormValues, CustomValueInput } from './custom-value-input';

/** The stored values as the inputs show them (numbers with the French decimal comma). */
function formValues(fields: readonly CustomField[], stored: Record<string, CustomValue>): CustomFormValues {
  return Object.fromEntries(
    fields.map((f) => {
      const v = stored[f.cle];
      if (f.type === 'OUI_NON') return [f.cle, typeof v === 'boolean' ? v : null];
      if (v === null || v === undefined) return [f.cle, ''];
      return [f.cle, f.type === 'NOMBRE' ? String(v).replace('.', ',') : String(v)];
    }),
  );
}

/**
 * What the inputs say, as `checkCustomValues` reads it: '' is no value. A yes/no checkbox left untouched on an optional
 * field stays unanswered; on a required one, unchecked means 'Non'.
 */
function rawValues(fields: readonly CustomField[], values: CustomFormValues): CustomValues {
  return Object.fromEntries(
    fields.map((f) => {
      const v = values[f.cle] ?? null;
      if (f.type === 'OUI_NON') return [f.cle, typeof v === 'boolean' ? v : f.obligatoire ? false : null];
      return [f.cle, typeof v === 'string' && v.trim() !== '' ? v : null];
    }),
  );
}

/** The same check as the server's (domain `checkCustomValues`), each message on its field. */
const resolverFor =
  (fields: readonly CustomField[]): Resolver<CustomFormValues, unknown, CustomValues> =>
  async (values) => {
    const checked = checkCustomValues(fields, rawValues(fields, values));
    if (checked.ok) {
      // Every applicable field is sent: a blank one as null, which clears it.
      return { values: Object.fromEntries(fields.map((f) => [f.cle, checked.values[f.cle] ?? null])), errors: {} };
    }
    return {
      values: {},
      errors: Object.fromEntries(checked.errors.map((e) => [e.field, { type: 'validate', message: e.msg }])),
    };
  };

/** The 'Modifier' form of the detail's custom fields: one input per applicable field. */
export function CustomValuesForm({
  intervention,
  fields,
  onDone,
}: {
  intervention: Intervention;
  fields: readonly CustomField[];
  onDone: () => void;
}) {
  const mutation = useSaveCustomValues();
  const form = useForm<CustomFormValues, unknown, CustomValues>({
    resolver: resolverFor(fields),
    defaultValues: formValues(fields, intervention.custom_fields),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await mutation.mutateAsync({ id: intervention.id, values });
      toastInterventionSuccess(res.message, M.saved);
      onDone();
    } catch (err) {
      toastInterventionError(err, M.saveFailed);
      if (!(err instanceof ApiError)) return;
      for (const d of err.details) {
        if (d.field && fields.some((f) => f.cle === d.field)) form.setError(d.field, { message: d.msg ?? d.message });
      }
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={M.formLabel} className="space-y-3">
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((f) => (
          <CustomValueInput key={f.id} field={f} form={form} />
        ))}
      </div>
      <RecordFormButtons saving={mutation.isPending} onCancel={onDone} />
    </form>
  );
}
