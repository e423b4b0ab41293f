import { todayIso } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { templateTypeLabel } from '@gmao/domain/templates/template-display';
import {
  TEMPLATE_MESSAGES as M,
  type Template,
  type TemplateCreateIntervention,
  type TemplateUseFormValues,
  templateUseFormSchema,
} from '@gmao/domain/templates/template-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { INTERVENTION_TOAST_DURATIONS, notify } from '../../../lib/toast';
import { useCreateFromTemplate } from '../api/create-from-template';
import { useEquipmentChoices } from '../api/get-equipment-choices';
import { TemplateContents } from './template-contents';

/**
 * 'Utiliser' a template (interventions:create): the intervention creation form, pre-filled from the template, for a
 * chosen equipment of the template's type. Shows the checklist and materials that will be copied. Intervention-flow
 * toasts (spec §9: 2 s / 4 s).
 */
export function UseTemplateModal({
  template,
  defaultEquipementId,
  onClose,
  onCreated,
}: {
  template: Template;
  defaultEquipementId?: number;
  onClose: () => void;
  onCreated?: (intervention: Intervention) => void;
}) {
  const equipment = useEquipmentChoices(template.type_equipement);
  const create = useCreateFromTemplate();
  const form = useForm<TemplateUseFormValues, unknown, TemplateCreateIntervention>({
    resolver: zodResolver(templateUseFormSchema),
    defaultValues: {
      equipement_id: defaultEquipementId ? String(defaultEquipementId) : '',
      date: todayIso(),
      description: template.description ?? '',
      urgence: template.urgence,
    },
  });
  const { errors } = form.formState;
  const options = useMemo(
    () =>
      (equipment.data?.data ?? []).map((e) => ({
        value: String(e.id),
        label: e.proprietaire ? `${e.nom} — ${e.proprietaire.nom_entreprise}` : e.nom,
      })),
    [equipment.data],
  );
  const noEquipment = equipment.isSuccess && options.length === 0 && template.type_equipement !== null;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const res = await create.mutateAsync({ templateId: template.id, body });
      notify.success(res.message || M.interventionCreated, INTERVENTION_TOAST_DURATIONS.success);
      onClose();
      onCreated?.(res.data);
    } catch (err) {
      const api = err instanceof ApiError ? err : null;
      notify.error(
        api && api.status !== 0 && api.serverMessage ? api.serverMessage : M.useFailed,
        INTERVENTION_TOAST_DURATIONS.error,
      );
      for (const d of api?.details ?? []) {
        if (d.field === 'equipement_id' || d.field === 'date' || d.field === 'description') {
          form.setError(d.field, { message: d.msg ?? d.message });
        }
      }
    }
  });

  const typeHelp = template.type_equipement
    ? `Équipements de type ${templateTypeLabel(template.type_equipement)} uniquement.`
    : undefined;

  return (
    <FormModal
      open
      onClose={onClose}
      title={`Nouvelle Intervention — ${template.nom}`}
      size="2xl"
      formId="use-template-form"
      saving={create.isPending}
      submitLabel="Créer l'intervention"
    >
      <form id="use-template-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          À partir du modèle <span className="font-medium text-slate-900">« {template.nom} »</span> : l'intervention est
          créée planifiée, avec la checklist et le matériel prévu du modèle.
        </p>
        <FormField
          label="Équipement"
          htmlFor="use-template-equipement"
          required
          error={
            errors.equipement_id?.message ??
            (noEquipment ? M.noMatchingEquipment(template.type_equipement ?? '') : undefined)
          }
          help={typeHelp}
        >
          <Controller
            control={form.control}
            name="equipement_id"
            render={({ field }) => (
              <Select
                id="use-template-equipement"
                searchable
                options={options}
                value={field.value}
                onChange={field.onChange}
                placeholder={equipment.isPending ? 'Chargement des équipements...' : 'Sélectionner un équipement'}
                invalid={!!errors.equipement_id}
                {...fieldAria('use-template-equipement', errors.equipement_id?.message, typeHelp)}
              />
            )}
          />
        </FormField>
        <FormField label="Date" htmlFor="use-template-date" required error={errors.date?.message}>
          <input
            id="use-template-date"
            type="date"
            className={inputClass(!!errors.date)}
            {...fieldAria('use-template-date', errors.date?.message)}
            {...form.register('date')}
          />
        </FormField>
        <FormField label="Description" htmlFor="use-template-description" error={errors.description?.message}>
          <textarea
            id="use-template-description"
            rows={3}
            className={inputClass(!!errors.description)}
            {...fieldAria('use-template-description', errors.description?.message)}
            {...form.register('description')}
          />
        </FormField>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4" {...form.register('urgence')} />
          Intervention urgente
        </label>
        <TemplateContents template={template} />
      </form>
      <LoadingOverlay show={create.isPending} text={M.usingTemplate} />
    </FormModal>
  );
}
