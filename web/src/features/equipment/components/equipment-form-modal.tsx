import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import {
  EQUIPMENT_MESSAGES,
  type EquipmentDetail,
  type EquipmentFormValues,
  type EquipmentInput,
  equipmentInputSchema,
} from '@gmao/domain/equipment/equipment-schemas';
import { equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { HABILITATION_UI as HU } from '@gmao/domain/habilitations/habilitation-schemas';
import {
  DEFAULT_REQUIREMENTS,
  VOLTAGE_DOMAIN_LABELS,
  WORK_KIND_LABELS,
  WORK_KINDS,
  type WorkKind,
} from '@gmao/domain/habilitations/requirements';
import { VOLTAGE_DOMAINS } from '@gmao/domain/habilitations/symbols';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { FormTextField } from '../../../components/ui/form-text-field';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useEquipmentTypes } from '../api/get-equipment-types';
import { useOwnerOptions } from '../api/get-owner-options';
import { useCreateEquipment, useUpdateEquipment } from '../api/mutate-equipment';

/** Lets an optional select be cleared again (the Select shows its placeholder for ''). */
const NONE = { value: '', label: 'Aucun' };

type EditableEquipment = Pick<
  EquipmentDetail,
  'id' | 'nom' | 'marque' | 'modele' | 'numero_serie' | 'type_equipement' | 'etatDeReception' | 'valeur' | 'cout'
> & { proprietaire_id: number } & Partial<Pick<EquipmentDetail, 'domaine_tension' | 'exigences'>>;

function toFormValues(item: EditableEquipment | null, ownerId?: number): EquipmentFormValues {
  return {
    nom: item?.nom ?? '',
    marque: item?.marque ?? '',
    modele: item?.modele ?? '',
    numero_serie: item?.numero_serie ?? '',
    type_equipement: (item?.type_equipement ?? '') as EquipmentFormValues['type_equipement'],
    etatDeReception: item?.etatDeReception ?? '',
    valeur: item?.valeur ?? '',
    cout: item?.cout ?? '',
    proprietaire_id: (item?.proprietaire_id ?? ownerId) as number,
    domaine_tension: item?.domaine_tension ?? '',
    exigences: item?.exigences ?? [],
  };
}

/**
 * Issue 34: the voltage domain and, per kind of work, the symbols one of which suffices — one text field per kind
 * ("H1V, H2V"); a new equipment starts from its type's defaults.
 */
function HabilitationFields({ form }: { form: UseFormReturn<EquipmentFormValues, unknown, EquipmentInput> }) {
  const exigences = form.watch('exigences') ?? [];
  const { errors } = form.formState;
  const symbolsOf = (travail: WorkKind) => exigences.find((e) => e.travail === travail)?.symboles.join(', ') ?? '';
  const setSymbols = (travail: WorkKind, text: string) => {
    const symboles = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const others = exigences.filter((e) => e.travail !== travail);
    const next = symboles.length ? [...others, { travail, symboles }] : others;
    form.setValue('exigences', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const exigencesError = (errors.exigences as { message?: string } | undefined)?.message;
  return (
    <fieldset className="space-y-3 sm:col-span-2">
      <legend className="text-sm font-medium text-slate-700">{HU.exigences}</legend>
      <FormField label={HU.domaineTension} htmlFor="equipment-domaine_tension" error={errors.domaine_tension?.message}>
        <select
          id="equipment-domaine_tension"
          className={inputClass(!!errors.domaine_tension)}
          {...form.register('domaine_tension')}
        >
          <option value="">—</option>
          {VOLTAGE_DOMAINS.map((d) => (
            <option key={d} value={d}>
              {VOLTAGE_DOMAIN_LABELS[d]}
            </option>
          ))}
        </select>
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        {WORK_KINDS.filter((k) => k !== 'NON_ELECTRIQUE').map((travail) => (
          <FormField key={travail} label={WORK_KIND_LABELS[travail]} htmlFor={`equipment-exigence-${travail}`}>
            <input
              id={`equipment-exigence-${travail}`}
              className={inputClass()}
              defaultValue={symbolsOf(travail)}
              onChange={(e) => setSymbols(travail, e.target.value)}
            />
          </FormField>
        ))}
      </div>
      <p className="text-sm text-slate-500">{HU.exigencesHelp}</p>
      {exigencesError && (
        <p role="alert" className="text-sm text-red-600">
          {exigencesError}
        </p>
      )}
    </fieldset>
  );
}

/** Create or edit equipment; owner chosen among all clients. Stays open on overlay click and on failure. */
export function EquipmentFormModal({
  equipment,
  onClose,
}: {
  equipment: EditableEquipment | null;
  onClose: () => void;
}) {
  const types = useEquipmentTypes();
  const owners = useOwnerOptions();
  const create = useCreateEquipment();
  const update = useUpdateEquipment();
  const saving = create.isPending || update.isPending;
  const form = useForm<EquipmentFormValues, unknown, EquipmentInput>({
    resolver: zodResolver(equipmentInputSchema),
    defaultValues: toFormValues(equipment),
  });
  const { errors } = form.formState;
  // Re-mounts the requirement fields (uncontrolled inputs) when a type's defaults replace them.
  const [defaultsVersion, setDefaultsVersion] = useState(0);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const res = equipment ? await update.mutateAsync({ id: equipment.id, input }) : await create.mutateAsync(input);
      notify.success(
        res.message ?? (equipment ? MUTATION_MESSAGES.equipmentUpdate : MUTATION_MESSAGES.equipmentCreate).success,
      );
      onClose();
    } catch (err) {
      // Spec §8: logged only (the HTTP layer toasted it); the modal stays open.
      console.error(
        equipment ? MUTATION_MESSAGES.equipmentUpdate.failure : MUTATION_MESSAGES.equipmentCreate.failure,
        err,
      );
      if (err instanceof ApiError) {
        for (const d of err.details) {
          if (d.field && d.field in form.getValues()) {
            form.setError(d.field as Path<EquipmentFormValues>, { message: d.msg ?? d.message });
          }
        }
      }
    }
  });

  const text = (name: Path<EquipmentFormValues>, label: string, required = false) => (
    <FormTextField form={form} name={name} label={label} idPrefix="equipment" required={required} />
  );
  const amount = (name: 'valeur' | 'cout', label: string) => {
    const id = `equipment-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField label={label} htmlFor={id} error={error} help="En dirhams (MAD), 2 décimales au plus">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          className={inputClass(!!error)}
          {...fieldAria(id, error, 'help')}
          {...form.register(name)}
        />
      </FormField>
    );
  };

  return (
    <FormModal
      open
      onClose={onClose}
      title={equipment ? "Modifier l'équipement" : 'Nouvel équipement'}
      size="2xl"
      formId="equipment-form"
      saving={saving}
      submitLabel={equipment ? 'Enregistrer' : "Créer l'équipement"}
    >
      <form id="equipment-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {text('nom', 'Nom', true)}
        <FormField
          label="Propriétaire"
          htmlFor="equipment-proprietaire_id"
          required
          error={errors.proprietaire_id?.message}
        >
          <Controller
            control={form.control}
            name="proprietaire_id"
            render={({ field }) => (
              <Select
                id="equipment-proprietaire_id"
                searchable
                placeholder={owners.isPending ? 'Chargement des clients...' : 'Sélectionner un client'}
                invalid={!!errors.proprietaire_id}
                {...fieldAria('equipment-proprietaire_id', errors.proprietaire_id?.message)}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(Number(v))}
                options={(owners.data?.data ?? []).map((c) => ({
                  value: String(c.id),
                  label: c.ville ? `${c.nom_entreprise} (${c.ville})` : c.nom_entreprise,
                }))}
              />
            )}
          />
        </FormField>
        <FormField
          label="Type d'équipement"
          htmlFor="equipment-type_equipement"
          error={errors.type_equipement?.message}
        >
          <Controller
            control={form.control}
            name="type_equipement"
            render={({ field }) => (
              <Select
                id="equipment-type_equipement"
                placeholder="Sélectionner un type"
                value={field.value ?? ''}
                onChange={(v) => {
                  field.onChange(v);
                  // A new equipment takes its type's requirements (editable below).
                  const defaults = v ? DEFAULT_REQUIREMENTS[v as keyof typeof DEFAULT_REQUIREMENTS] : undefined;
                  if (!equipment && defaults) {
                    form.setValue('domaine_tension', defaults.domaine ?? '');
                    form.setValue('exigences', defaults.exigences);
                    setDefaultsVersion((n) => n + 1);
                  }
                }}
                options={[NONE, ...types.map((t) => ({ value: t, label: equipmentTypeLabel(t) }))]}
              />
            )}
          />
        </FormField>
        {text('marque', 'Marque')}
        {text('modele', 'Modèle')}
        {text('numero_serie', 'Numéro de série')}
        {amount('valeur', 'Valeur')}
        {amount('cout', 'Coût')}
        <FormField
          label="État de réception"
          htmlFor="equipment-etatDeReception"
          error={errors.etatDeReception?.message}
          className="sm:col-span-2"
        >
          <textarea
            id="equipment-etatDeReception"
            rows={3}
            className={inputClass(!!errors.etatDeReception)}
            {...form.register('etatDeReception')}
          />
        </FormField>
        <HabilitationFields key={defaultsVersion} form={form} />
      </form>
      <LoadingOverlay show={saving} text={equipment ? EQUIPMENT_MESSAGES.updating : EQUIPMENT_MESSAGES.creating} />
    </FormModal>
  );
}
