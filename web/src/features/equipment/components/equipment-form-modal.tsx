import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import {
  EQUIPMENT_MESSAGES,
  type EquipmentDetail,
  type EquipmentFormValues,
  type EquipmentInput,
  equipmentInputSchema,
} from '@gmao/domain/equipment/equipment-schemas';
import { equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Path, useForm } from 'react-hook-form';
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
> & { proprietaire_id: number };

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
  };
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
                onChange={field.onChange}
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
      </form>
      <LoadingOverlay show={saving} text={equipment ? EQUIPMENT_MESSAGES.updating : EQUIPMENT_MESSAGES.creating} />
    </FormModal>
  );
}
