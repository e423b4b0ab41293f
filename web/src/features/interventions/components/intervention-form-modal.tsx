import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import {
  type Intervention,
  type InterventionFormValues,
  interventionFormSchema,
} from '@gmao/domain/interventions/intervention-schemas';
import { DEFAULT_STATUT, FORM_STATUTS, isStatut, STATUT_LABELS, type Statut } from '@gmao/domain/interventions/status';
import { formStatutOptions } from '@gmao/domain/interventions/workflow';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { useEquipmentOptions } from '../api/get-equipment-options';
import { useCreateIntervention, useUpdateInterventionStatut } from '../api/mutate-intervention';
import { toastInterventionError, toastInterventionSuccess } from './intervention-toasts';

export interface InterventionFormModalProps {
  open: boolean;
  onClose: () => void;
  /** Edit mode: only the status can change (spec §4 "Editing … sends only a status change"). */
  intervention?: Intervention;
  /** Create mode: pre-selected equipment ('Nouvelle Intervention' from the equipment detail). */
  defaultEquipementId?: number;
}

/** Today in the user's time zone, as YYYY-MM-DD. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function defaults(intervention?: Intervention, defaultEquipementId?: number): InterventionFormValues {
  if (intervention) {
    return {
      equipement_id: String(intervention.equipement_id),
      date: intervention.date,
      description: intervention.description ?? '',
      urgence: intervention.urgence,
      statut: (isStatut(intervention.statut) ? intervention.statut : DEFAULT_STATUT) as Statut,
    };
  }
  return {
    equipement_id: defaultEquipementId ? String(defaultEquipementId) : '',
    date: today(),
    description: '',
    urgence: false,
    statut: DEFAULT_STATUT,
  };
}

export function InterventionFormModal({
  open,
  onClose,
  intervention,
  defaultEquipementId,
}: InterventionFormModalProps) {
  const editing = intervention !== undefined;
  const equipment = useEquipmentOptions(open && !editing);
  const create = useCreateIntervention();
  const update = useUpdateInterventionStatut();
  const form = useForm<InterventionFormValues>({
    resolver: zodResolver(interventionFormSchema),
    defaultValues: defaults(intervention, defaultEquipementId),
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(defaults(intervention, defaultEquipementId));
  }, [open, intervention, defaultEquipementId, form]);

  const options = useMemo(
    () =>
      (equipment.data?.data ?? []).map((e) => ({
        value: String(e.id),
        label: e.proprietaire ? `${e.nom} — ${e.proprietaire.nom_entreprise}` : e.nom,
      })),
    [equipment.data],
  );
  const current: Statut = intervention && isStatut(intervention.statut) ? intervention.statut : DEFAULT_STATUT;
  const statutOptions = formStatutOptions(current, FORM_STATUTS);
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    if (intervention) {
      if (values.statut === current) return onClose();
      try {
        const res = await update.mutateAsync({ id: intervention.id, statut: values.statut as Statut });
        toastInterventionSuccess(res.message, MUTATION_MESSAGES.statusUpdate.success);
        onClose();
      } catch (err) {
        toastInterventionError(err, MUTATION_MESSAGES.statusUpdate.failure);
      }
      return;
    }
    try {
      const res = await create.mutateAsync({
        equipement_id: Number(values.equipement_id),
        date: values.date,
        description: values.description,
        urgence: values.urgence,
      });
      toastInterventionSuccess(res.message, MUTATION_MESSAGES.interventionCreate.success);
      onClose();
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.interventionCreate.failure);
    }
  });

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      closeOnOverlayClick={false}
      closeDisabled={pending}
      title={editing ? "Modifier l'intervention" : 'Nouvelle Intervention'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" form="intervention-form" loading={pending}>
            {editing ? 'Enregistrer' : "Créer l'intervention"}
          </Button>
        </>
      }
    >
      <form id="intervention-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label="Équipement" htmlFor="intervention-equipement" required error={errors.equipement_id?.message}>
          {editing ? (
            <input
              id="intervention-equipement"
              className={inputClass()}
              disabled
              value={`${intervention.equipement.nom} — ${intervention.equipement.proprietaire.nom_entreprise}`}
            />
          ) : (
            <Controller
              control={form.control}
              name="equipement_id"
              render={({ field }) => (
                <Select
                  id="intervention-equipement"
                  searchable
                  options={options}
                  value={field.value}
                  onChange={field.onChange}
                  placeholder={equipment.isPending ? 'Chargement des équipements...' : 'Sélectionner un équipement'}
                  invalid={!!errors.equipement_id}
                  {...fieldAria('intervention-equipement', errors.equipement_id?.message)}
                />
              )}
            />
          )}
        </FormField>
        <FormField label="Date" htmlFor="intervention-date" required error={errors.date?.message}>
          <input
            id="intervention-date"
            type="date"
            disabled={editing}
            className={inputClass(!!errors.date)}
            {...fieldAria('intervention-date', errors.date?.message)}
            {...form.register('date')}
          />
        </FormField>
        <FormField label="Description" htmlFor="intervention-description" error={errors.description?.message}>
          <textarea
            id="intervention-description"
            rows={4}
            disabled={editing}
            className={inputClass(!!errors.description)}
            placeholder="Travaux à réaliser, symptômes constatés..."
            {...form.register('description')}
          />
        </FormField>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4" disabled={editing} {...form.register('urgence')} />
          Intervention urgente
        </label>
        {editing && (
          <FormField
            label="Statut"
            htmlFor="intervention-statut"
            help="Seuls les statuts atteignables depuis le statut actuel sont proposés."
          >
            <select id="intervention-statut" className={inputClass()} {...form.register('statut')}>
              {statutOptions.map((s) => (
                <option key={s} value={s}>
                  {STATUT_LABELS[s]}
                  {s === current ? ' (actuel)' : ''}
                </option>
              ))}
            </select>
          </FormField>
        )}
      </form>
      <LoadingOverlay show={create.isPending} text="Création de l'intervention..." />
      <LoadingOverlay show={update.isPending} text="Mise à jour du statut..." />
    </Modal>
  );
}
