import {
  type CustomFieldFormValues,
  customFieldFormSchema,
  customFieldFormValues,
  suggestCustomFieldKey,
} from '@gmao/domain/custom-fields/custom-field-form';
import { CUSTOM_FIELD_MESSAGES as M } from '@gmao/domain/custom-fields/custom-field-messages';
import {
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldInput,
} from '@gmao/domain/custom-fields/custom-field-schemas';
import { EQUIPMENT_TYPES, equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Path, useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCreateCustomField, useUpdateCustomField } from '../api/mutate-custom-field';
import { CustomFieldOptionsField } from './custom-field-options-field';

const TYPE_OPTIONS = [
  { value: '', label: M.allTypes },
  ...EQUIPMENT_TYPES.map((t) => ({ value: t, label: equipmentTypeLabel(t) })),
];

/** The server names an option 'options.1'; the form's field is 'options.1.value'. */
function formPath(field: string): Path<CustomFieldFormValues> | null {
  if (/^options\.\d+$/.test(field)) return `${field}.value` as Path<CustomFieldFormValues>;
  if (/^(cle|libelle|type|unite|options|type_equipement|position)$/.test(field)) {
    return field as Path<CustomFieldFormValues>;
  }
  return null;
}

/**
 * Create or edit a custom field definition (administrators): label, key (suggested from the label while creating),
 * type, unit for a number, options for a list, equipment type or 'Tous types', position, required, active. The key
 * and the type are read-only once created (the server answers 422 otherwise: stored values depend on them). Checked
 * with the domain's schema; the server's field errors (409 key taken, 400 details) land on their fields.
 */
export function CustomFieldFormModal({ field, onClose }: { field: CustomField | null; onClose: () => void }) {
  const create = useCreateCustomField();
  const update = useUpdateCustomField();
  const saving = create.isPending || update.isPending;
  const editing = field !== null;
  const form = useForm<CustomFieldFormValues, unknown, CustomFieldInput>({
    resolver: zodResolver(customFieldFormSchema),
    defaultValues: customFieldFormValues(field),
  });
  const { errors } = form.formState;
  const type = form.watch('type');

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const res = field ? await update.mutateAsync({ id: field.id, input }) : await create.mutateAsync(input);
      notify.success(res.message ?? (field ? M.updated : M.created));
      onClose();
    } catch (err) {
      // The HTTP layer already toasted the server's message (409 key taken, 422, 400 details); the modal stays open.
      console.error(field ? M.updateFailed : M.createFailed, err);
      if (!(err instanceof ApiError)) return;
      for (const d of err.details) {
        const path = d.field ? formPath(d.field) : null;
        if (path) form.setError(path, { message: d.msg ?? d.message });
      }
    }
  });

  const libelle = form.register('libelle', {
    // While creating, the key follows the label until the user types one.
    onChange: (e: { target: { value: string } }) => {
      if (!editing && !form.getFieldState('cle').isDirty) form.setValue('cle', suggestCustomFieldKey(e.target.value));
    },
  });

  return (
    <FormModal
      open
      onClose={onClose}
      title={editing ? M.editField : M.newField}
      size="2xl"
      formId="custom-field-form"
      saving={saving}
      submitLabel={editing ? 'Enregistrer' : M.createSubmit}
    >
      <form id="custom-field-form" onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4 sm:grid-cols-2">
        <FormField label="Libellé" htmlFor="custom-field-libelle" required error={errors.libelle?.message}>
          <input
            id="custom-field-libelle"
            autoComplete="off"
            className={inputClass(!!errors.libelle)}
            {...fieldAria('custom-field-libelle', errors.libelle?.message)}
            {...libelle}
          />
        </FormField>
        <FormField
          label="Clé"
          htmlFor="custom-field-cle"
          required
          error={errors.cle?.message}
          help={editing ? M.lockedHelp : M.keyHelp}
        >
          <input
            id="custom-field-cle"
            autoComplete="off"
            readOnly={editing}
            className={`${inputClass(!!errors.cle)} font-mono read-only:bg-slate-100 read-only:text-slate-600`}
            {...fieldAria('custom-field-cle', errors.cle?.message, true)}
            {...form.register('cle')}
          />
        </FormField>
        <FormField label="Type" htmlFor="custom-field-type" required error={errors.type?.message}>
          {editing ? (
            // Not a select: the type is fixed once created (a disabled control would also drop it from the body).
            <input
              id="custom-field-type"
              readOnly
              value={CUSTOM_FIELD_TYPE_LABELS[field.type]}
              className={`${inputClass()} bg-slate-100 text-slate-600`}
            />
          ) : (
            <select
              id="custom-field-type"
              className={inputClass(!!errors.type)}
              {...fieldAria('custom-field-type', errors.type?.message)}
              {...form.register('type')}
            >
              {CUSTOM_FIELD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {CUSTOM_FIELD_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {type === 'NOMBRE' && (
          <FormField
            label="Unité"
            htmlFor="custom-field-unite"
            error={errors.unite?.message}
            help="Par exemple kVA, h, bar."
          >
            <input
              id="custom-field-unite"
              autoComplete="off"
              className={inputClass(!!errors.unite)}
              {...fieldAria('custom-field-unite', errors.unite?.message, true)}
              {...form.register('unite')}
            />
          </FormField>
        )}
        {type === 'LISTE' && <CustomFieldOptionsField form={form} className="sm:col-span-2" />}
        <FormField label="Type d'équipement" htmlFor="custom-field-equipement" error={errors.type_equipement?.message}>
          <Controller
            control={form.control}
            name="type_equipement"
            render={({ field: f }) => (
              <Select
                id="custom-field-equipement"
                searchable
                placeholder={M.allTypes}
                value={f.value ?? ''}
                onChange={f.onChange}
                options={TYPE_OPTIONS}
                invalid={!!errors.type_equipement}
                {...fieldAria('custom-field-equipement', errors.type_equipement?.message)}
              />
            )}
          />
        </FormField>
        <FormField
          label="Position"
          htmlFor="custom-field-position"
          error={errors.position?.message}
          help="Ordre d'affichage (du plus petit au plus grand)."
        >
          <input
            id="custom-field-position"
            inputMode="numeric"
            autoComplete="off"
            className={inputClass(!!errors.position)}
            {...fieldAria('custom-field-position', errors.position?.message, true)}
            {...form.register('position')}
          />
        </FormField>
        <div className="flex flex-col gap-2 sm:col-span-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-4 w-4" {...form.register('obligatoire')} />
            Champ obligatoire (à renseigner pour enregistrer les champs d'une intervention)
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-4 w-4" {...form.register('actif')} />
            Champ actif (affiché sur les interventions)
          </label>
        </div>
      </form>
      <LoadingOverlay show={saving} text={editing ? M.updating : M.creating} />
    </FormModal>
  );
}
