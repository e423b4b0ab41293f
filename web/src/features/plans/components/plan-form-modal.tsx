import { EQUIPMENT_TYPES, equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import {
  describeRrule,
  PLAN_LABELS,
  type PlanFormValues,
  planFormSchema,
  RRULE_PRESETS,
} from '@gmao/domain/plans/plan-form';
import {
  DEFAULT_JOURS_AVANCE,
  PLAN_MESSAGES,
  PLAN_MODES,
  type Plan,
  type PlanInput,
} from '@gmao/domain/plans/plan-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Path, useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { FormTextField } from '../../../components/ui/form-text-field';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCreatePlan, usePlanChoices, useUpdatePlan } from '../api/plans';

const CUSTOM = 'custom';
const TYPE_OPTIONS = EQUIPMENT_TYPES.map((t) => ({ value: t, label: equipmentTypeLabel(t) }));
const today = () => new Date().toISOString().slice(0, 10);

function toFormValues(plan: Plan | null): PlanFormValues {
  return {
    nom: plan?.nom ?? '',
    template_id: plan?.template_id ? String(plan.template_id) : '',
    cible: plan && plan.equipement_id === null ? 'type' : 'equipement',
    equipement_id: plan?.equipement_id ? String(plan.equipement_id) : '',
    client_id: plan?.client_id && plan.equipement_id === null ? String(plan.client_id) : '',
    type_equipement: plan?.type_equipement && plan.equipement_id === null ? plan.type_equipement : '',
    rrule: plan && plan.mode === 'CALENDRIER' ? plan.rrule : 'FREQ=YEARLY',
    date_debut: plan?.date_debut ?? today(),
    jours_avance: String(plan?.jours_avance ?? DEFAULT_JOURS_AVANCE),
    technicien_id: plan?.technicien_id ? String(plan.technicien_id) : '',
    actif: plan?.actif ?? true,
    mode: plan?.mode ?? 'CALENDRIER',
    intervalle_jours: plan?.intervalle_jours ? String(plan.intervalle_jours) : '',
    seuil_heures: plan?.seuil_heures ? String(plan.seuil_heures) : '',
  };
}

const FIELDS = new Set(Object.keys(toFormValues(null)));

/**
 * Create or edit a preventive plan (plans:manage): a template, a target (one equipment, or every equipment of a type
 * at a client), a recurrence (a calendar rule — presets or any RFC 5545 rule — or N days after the last completion),
 * an optional meter threshold (running hours), the first date, the lead time, an assignee, active.
 * Checked by the domain's schema (the server's); the server's field errors land on their fields.
 */
export function PlanFormModal({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const { templates, equipment, clients, technicians } = usePlanChoices(true);
  const form = useForm<PlanFormValues, unknown, PlanInput>({
    resolver: zodResolver(planFormSchema),
    defaultValues: toFormValues(plan),
  });
  const { errors } = form.formState;
  const cible = form.watch('cible');
  const mode = form.watch('mode');
  const rrule = form.watch('rrule');
  const preset = RRULE_PRESETS.some((p) => p.rrule === rrule) ? rrule : CUSTOM;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const res = plan ? await update.mutateAsync({ id: plan.id, input }) : await create.mutateAsync(input);
      notify.success(res.message ?? (plan ? PLAN_MESSAGES.updated : PLAN_MESSAGES.created));
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      for (const d of err.details)
        if (d.field && FIELDS.has(d.field))
          form.setError(d.field as Path<PlanFormValues>, { message: d.msg ?? d.message });
    }
  });

  const select = (
    name: 'template_id' | 'equipement_id' | 'client_id' | 'technicien_id' | 'type_equipement',
    label: string,
    options: { value: string; label: string }[],
    opts: { required?: boolean; placeholder: string },
  ) => (
    <FormField label={label} htmlFor={`plan-${name}`} required={opts.required} error={errors[name]?.message}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select
            id={`plan-${name}`}
            searchable
            placeholder={opts.placeholder}
            value={field.value}
            onChange={field.onChange}
            options={options}
            invalid={!!errors[name]}
            {...fieldAria(`plan-${name}`, errors[name]?.message)}
          />
        )}
      />
    </FormField>
  );
  const asOptions = (list: { id: number; label: string }[] | undefined) =>
    (list ?? []).map((c) => ({ value: String(c.id), label: c.label }));

  return (
    <FormModal
      open
      onClose={onClose}
      title={plan ? PLAN_LABELS.editPlan : PLAN_LABELS.newPlan}
      size="2xl"
      formId="plan-form"
      saving={create.isPending || update.isPending}
      submitLabel={plan ? 'Enregistrer' : 'Créer le plan'}
    >
      <form id="plan-form" onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormTextField form={form} name="nom" label="Nom du plan" idPrefix="plan" required />
        </div>
        <div className="sm:col-span-2">
          {select('template_id', "Modèle d'intervention", asOptions(templates.data), {
            required: true,
            placeholder: templates.isPending ? 'Chargement…' : 'Choisir un modèle',
          })}
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">Cible</legend>
          <div className="flex flex-wrap gap-4">
            {(['equipement', 'type'] as const).map((v) => (
              <label key={v} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                <input type="radio" value={v} className="h-5 w-5" {...form.register('cible')} />
                {v === 'equipement' ? PLAN_LABELS.targetEquipment : PLAN_LABELS.targetType}
              </label>
            ))}
          </div>
        </fieldset>
        {cible === 'equipement' ? (
          <div className="sm:col-span-2">
            {select('equipement_id', 'Équipement', asOptions(equipment.data), {
              required: true,
              placeholder: 'Choisir un équipement',
            })}
          </div>
        ) : (
          <>
            {select('client_id', 'Client', asOptions(clients.data), {
              required: true,
              placeholder: 'Choisir un client',
            })}
            {select('type_equipement', "Type d'équipement", TYPE_OPTIONS, {
              required: true,
              placeholder: 'Choisir un type',
            })}
          </>
        )}
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">{PLAN_LABELS.modeLabel}</legend>
          <div className="flex flex-wrap gap-4">
            {PLAN_MODES.map((v) => (
              <label key={v} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                <input type="radio" value={v} className="h-5 w-5" {...form.register('mode')} />
                {v === 'CALENDRIER' ? PLAN_LABELS.modeCalendar : PLAN_LABELS.modeAfterCompletion}
              </label>
            ))}
          </div>
        </fieldset>
        {mode === 'CALENDRIER' ? (
          <>
            <FormField label="Récurrence" htmlFor="plan-preset" required>
              <select
                id="plan-preset"
                className={inputClass()}
                value={preset}
                onChange={(e) => {
                  if (e.target.value !== CUSTOM) form.setValue('rrule', e.target.value, { shouldValidate: true });
                }}
              >
                {RRULE_PRESETS.map((p) => (
                  <option key={p.rrule} value={p.rrule}>
                    {p.label}
                  </option>
                ))}
                <option value={CUSTOM}>{PLAN_LABELS.customRule}</option>
              </select>
            </FormField>
            <p className="text-sm text-slate-700" aria-live="polite">
              {PLAN_LABELS.ruleInWords} : <strong>{describeRrule(rrule)}</strong>
            </p>
            {/* The rule's text is for experts: folded away unless a custom rule is being written. */}
            <details
              open={preset === CUSTOM || !!errors.rrule}
              className="rounded-lg border border-slate-200 px-3 py-2"
            >
              <summary className="cursor-pointer text-sm font-medium text-slate-600">
                {PLAN_LABELS.advancedRule}
              </summary>
              <FormField
                label="Règle (RFC 5545)"
                htmlFor="plan-rrule"
                error={errors.rrule?.message}
                help="Ex. FREQ=YEARLY;BYMONTH=3,9;BYDAY=1MO : le premier lundi de mars et de septembre."
                className="mt-2"
              >
                <input
                  id="plan-rrule"
                  className={inputClass(!!errors.rrule)}
                  {...fieldAria('plan-rrule', errors.rrule?.message)}
                  {...form.register('rrule')}
                />
              </FormField>
            </details>
          </>
        ) : (
          <FormField
            label={PLAN_LABELS.intervalleLabel}
            htmlFor="plan-intervalle_jours"
            required
            error={errors.intervalle_jours?.message}
          >
            <input
              id="plan-intervalle_jours"
              type="number"
              min={1}
              max={3650}
              inputMode="numeric"
              className={inputClass(!!errors.intervalle_jours)}
              {...fieldAria('plan-intervalle_jours', errors.intervalle_jours?.message)}
              {...form.register('intervalle_jours')}
            />
          </FormField>
        )}
        <FormField label="Première échéance" htmlFor="plan-date_debut" required error={errors.date_debut?.message}>
          <input
            id="plan-date_debut"
            type="date"
            className={inputClass(!!errors.date_debut)}
            {...form.register('date_debut')}
          />
        </FormField>
        <FormField
          label="Créer l'intervention (jours avant)"
          htmlFor="plan-jours_avance"
          required
          error={errors.jours_avance?.message}
        >
          <input
            id="plan-jours_avance"
            type="number"
            min={0}
            max={365}
            inputMode="numeric"
            className={inputClass(!!errors.jours_avance)}
            {...form.register('jours_avance')}
          />
        </FormField>
        <FormField
          label={PLAN_LABELS.seuilLabel}
          htmlFor="plan-seuil_heures"
          error={errors.seuil_heures?.message}
          help={PLAN_LABELS.seuilHint}
        >
          <input
            id="plan-seuil_heures"
            type="number"
            min={1}
            inputMode="numeric"
            className={inputClass(!!errors.seuil_heures)}
            {...fieldAria('plan-seuil_heures', errors.seuil_heures?.message)}
            {...form.register('seuil_heures')}
          />
        </FormField>
        {select(
          'technicien_id',
          'Technicien assigné',
          [{ value: '', label: 'Non assigné' }, ...asOptions(technicians.data)],
          {
            placeholder: 'Non assigné',
          },
        )}
        <label className="flex min-h-11 items-center gap-2 self-end text-sm text-slate-700">
          <input type="checkbox" className="h-5 w-5" {...form.register('actif')} />
          Plan actif (les interventions sont générées)
        </label>
      </form>
    </FormModal>
  );
}
