import { EQUIPMENT_TYPES, equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { HABILITATION_UI as HU } from '@gmao/domain/habilitations/habilitation-schemas';
import { WORK_KIND_LABELS, WORK_KINDS } from '@gmao/domain/habilitations/requirements';
import {
  TEMPLATE_MESSAGES as M,
  type Template,
  type TemplateFormValues,
  type TemplateInput,
  templateFormSchema,
} from '@gmao/domain/templates/template-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Path, useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { FormTextField } from '../../../components/ui/form-text-field';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCreateTemplate, useUpdateTemplate } from '../api/mutate-template';
import { TemplateMaterialsField } from './template-materials-field';
import { TemplateStepsField } from './template-steps-field';

const TYPE_OPTIONS = [
  { value: '', label: M.allTypes },
  ...EQUIPMENT_TYPES.map((t) => ({ value: t, label: equipmentTypeLabel(t) })),
];

/** Amounts come back as '80.00'; the form shows them with the French decimal comma the user types. */
const frenchDecimal = (v: string) => v.replace('.', ',');

function toFormValues(template: Template | null): TemplateFormValues {
  if (!template) {
    return {
      nom: '',
      type_equipement: '',
      description: '',
      urgence: false,
      duree_estimee: '',
      checklist: [],
      materiaux: [],
      actif: true,
      type_travail: '',
    };
  }
  return {
    nom: template.nom,
    type_equipement: (template.type_equipement ?? '') as TemplateFormValues['type_equipement'],
    description: template.description ?? '',
    urgence: template.urgence,
    duree_estimee: template.duree_estimee === null ? '' : String(template.duree_estimee),
    checklist: template.checklist.map((label) => ({ label })),
    materiaux: template.materiaux.map((m) => ({
      designation: m.designation,
      reference: m.reference ?? '',
      quantite: frenchDecimal(m.quantite),
      prixUnitaire: frenchDecimal(m.prixUnitaire),
    })),
    actif: template.actif,
    type_travail: template.type_travail ?? '',
  };
}

/** The server names a step 'checklist.2'; the form's field is 'checklist.2.label'. */
function formPath(field: string): Path<TemplateFormValues> | null {
  if (/^checklist\.\d+$/.test(field)) return `${field}.label` as Path<TemplateFormValues>;
  if (/^(nom|type_equipement|description|duree_estimee|checklist|materiaux)$/.test(field)) {
    return field as Path<TemplateFormValues>;
  }
  if (/^materiaux\.\d+\.(designation|reference|quantite|prixUnitaire)$/.test(field)) {
    return field as Path<TemplateFormValues>;
  }
  return null;
}

/**
 * Create or edit a template (templates:manage): name, equipment type ('Tous types'), description, urgency, duration,
 * ordered checklist steps and planned materials, active. Validated with the domain's schema; the server's field
 * errors land on their fields; a blocking overlay shows while saving (spec §2).
 */
export function TemplateFormModal({ template, onClose }: { template: Template | null; onClose: () => void }) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const saving = create.isPending || update.isPending;
  const form = useForm<TemplateFormValues, unknown, TemplateInput>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: toFormValues(template),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const res = template ? await update.mutateAsync({ id: template.id, input }) : await create.mutateAsync(input);
      notify.success(res.message ?? (template ? M.updated : M.created));
      onClose();
    } catch (err) {
      // The HTTP layer already toasted the server's message (409 name taken, 400 details); the modal stays open.
      console.error(template ? M.updateFailed : M.createFailed, err);
      if (!(err instanceof ApiError)) return;
      for (const d of err.details) {
        const path = d.field ? formPath(d.field) : null;
        if (path) form.setError(path, { message: d.msg ?? d.message });
      }
    }
  });

  return (
    <FormModal
      open
      onClose={onClose}
      title={template ? 'Modifier le modèle' : 'Nouveau modèle'}
      size="3xl"
      formId="template-form"
      saving={saving}
      submitLabel={template ? 'Enregistrer' : 'Créer le modèle'}
    >
      <form id="template-form" onSubmit={onSubmit} noValidate className="space-y-6">
        <div className="grid min-w-0 gap-4 sm:grid-cols-2">
          <FormTextField form={form} name="nom" label="Nom du modèle" idPrefix="template" required />
          <FormField label="Type d'équipement" htmlFor="template-type" error={errors.type_equipement?.message}>
            <Controller
              control={form.control}
              name="type_equipement"
              render={({ field }) => (
                <Select
                  id="template-type"
                  searchable
                  placeholder={M.allTypes}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  options={TYPE_OPTIONS}
                  invalid={!!errors.type_equipement}
                  {...fieldAria('template-type', errors.type_equipement?.message)}
                />
              )}
            />
          </FormField>
          <FormField
            label="Description"
            htmlFor="template-description"
            className="sm:col-span-2"
            error={errors.description?.message}
            help="Reprise dans chaque intervention créée à partir du modèle."
          >
            <textarea
              id="template-description"
              rows={3}
              className={inputClass(!!errors.description)}
              {...fieldAria('template-description', errors.description?.message, true)}
              {...form.register('description')}
            />
          </FormField>
          <FormField label="Durée estimée (minutes)" htmlFor="template-duree" error={errors.duree_estimee?.message}>
            <input
              id="template-duree"
              inputMode="numeric"
              autoComplete="off"
              className={inputClass(!!errors.duree_estimee)}
              {...fieldAria('template-duree', errors.duree_estimee?.message)}
              {...form.register('duree_estimee')}
            />
          </FormField>
          <FormField label={HU.typeTravail} htmlFor="template-type_travail" help={M.typeTravailHelp}>
            <select id="template-type_travail" className={inputClass()} {...form.register('type_travail')}>
              <option value="">{HU.typeTravailNone}</option>
              {WORK_KINDS.map((k) => (
                <option key={k} value={k}>
                  {WORK_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </FormField>
          <div className="flex flex-col justify-end gap-2 pb-1">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className="h-4 w-4" {...form.register('urgence')} />
              Intervention urgente
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className="h-4 w-4" {...form.register('actif')} />
              Modèle actif (proposé à la création d'interventions)
            </label>
          </div>
        </div>
        <TemplateStepsField form={form} />
        <TemplateMaterialsField form={form} />
      </form>
      <LoadingOverlay show={saving} text={template ? M.updating : M.creating} />
    </FormModal>
  );
}
