import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { HABILITATION_UI as HU } from '@gmao/domain/habilitations/habilitation-schemas';
import { WORK_KIND_LABELS, WORK_KINDS } from '@gmao/domain/habilitations/requirements';
import {
  type Intervention,
  type InterventionFormValues,
  interventionFormSchema,
} from '@gmao/domain/interventions/intervention-schemas';
import { DRAFT_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import {
  DEFAULT_STATUT,
  FORM_STATUTS,
  STATUT_LABELS,
  type Statut,
  statutLabel,
} from '@gmao/domain/interventions/status';
import { formStatutOptions, isReopening } from '@gmao/domain/interventions/workflow';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { FormField, fieldAria, inputClass } from '../../../../components/ui/form-field';
import { LoadingOverlay } from '../../../../components/ui/loading-overlay';
import { Modal } from '../../../../components/ui/modal';
import { Select } from '../../../../components/ui/select';
import { newChangeId } from '../../../../lib/offline/change-id';
import { sendOrQueue, useOutboxUserId } from '../../../../lib/offline/pending';
import { usePermissions } from '../../../../lib/session';
import { notify } from '../../../../lib/toast';
import { useEquipmentOptions } from '../../api/get-equipment-options';
import { useTechnicians } from '../../api/get-technicians';
import { useCreateIntervention, useUpdateInterventionStatut } from '../../api/mutate-intervention';
import { isVersionConflict } from '../../api/version-conflict';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { ReopenDialog } from '../workflow/reopen-dialog';
import { formDefaults as defaults } from './intervention-form-defaults';

export interface InterventionFormModalProps {
  open: boolean;
  onClose: () => void;
  /** Edit mode: the status and the kind of work can change (spec §4; issue 34: the kind re-checks the assignee). */
  intervention?: Intervention;
  /** Create mode: pre-selected equipment ('Nouvelle Intervention' from the equipment detail). */
  defaultEquipementId?: number;
  /**
   * Create mode: 'Partir d'un modèle' closes this form and hands the chosen equipment (if any) to the templates flow,
   * which the app layer composes (features never import each other).
   */
  onFromTemplate?: (equipment: FromTemplateEquipment | null) => void;
}

export interface FromTemplateEquipment {
  id: number;
  type_equipement: string | null;
}

export function InterventionFormModal({
  open,
  onClose,
  intervention,
  defaultEquipementId,
  onFromTemplate,
}: InterventionFormModalProps) {
  const editing = intervention !== undefined;
  const { can } = usePermissions();
  // Issue 14: assign at creation, for who may assign (the server applies the assignment's rules again).
  const mayAssign = !editing && can(PERMISSIONS.INTERVENTIONS_ASSIGN);
  const technicians = useTechnicians(open && mayAssign);
  const equipment = useEquipmentOptions(open && !editing);
  const create = useCreateIntervention();
  const userId = useOutboxUserId();
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
  const current = intervention ? intervention.statut : DEFAULT_STATUT;
  // Creating: the statuses a new intervention may start in (the server's create schema accepts the same list).
  // Editing: those reachable from the current one.
  const statutOptions = editing ? formStatutOptions(current, FORM_STATUTS) : FORM_STATUTS;
  const pending = create.isPending || update.isPending;

  const startFromTemplate = () => {
    const id = Number(form.getValues('equipement_id'));
    const chosen = equipment.data?.data.find((e) => e.id === id);
    onClose();
    onFromTemplate?.(chosen ? { id: chosen.id, type_equipement: chosen.type_equipement } : null);
  };

  // Issue 30: leaving TERMINEE is a reopening, confirmed with its motif first (ReopenDialog).
  const [reopening, setReopening] = useState<Statut | null>(null);
  // Issue 34: the kind of work is editable; sent only when changed (the server checks the assignee again).
  const changedKind = (target: Intervention) => {
    const kind = form.getValues('type_travail') || null;
    return kind === (target.type_travail ?? null) ? undefined : kind;
  };
  const saveStatut = async (target: Intervention, statut: Statut, motif?: string) => {
    try {
      const typeTravail = changedKind(target);
      const res = await update.mutateAsync({ id: target.id, statut, motif, version: target.version, typeTravail });
      toastInterventionSuccess(res.message, MUTATION_MESSAGES.statusUpdate.success);
      setReopening(null);
      onClose();
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.statusUpdate.failure);
      // Reloaded: the form's statuses were computed from a state that is gone; reopen it on the fresh one.
      if (isVersionConflict(err)) {
        setReopening(null);
        onClose();
      }
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (intervention) {
      if (values.statut === current && changedKind(intervention) === undefined) return onClose();
      if (isReopening(current, values.statut)) return setReopening(values.statut);
      return saveStatut(intervention, values.statut);
    }
    try {
      const body = {
        equipement_id: Number(values.equipement_id),
        date: values.date,
        description: values.description,
        urgence: values.urgence,
        statut: values.statut,
        ...(values.technicianId ? { technicianId: Number(values.technicianId) } : {}),
        ...(values.type_travail ? { type_travail: values.type_travail } : {}),
      };
      // Issue 32: without network the new intervention is a draft on the phone, created when the network is back;
      // its id is the Idempotency-Key of every sending (one intervention, however many times it is sent).
      const idempotencyKey = newChangeId();
      const out = await sendOrQueue(
        { userId, interventionId: 0, type: 'create', payload: body, baseVersion: 1, clientId: idempotencyKey },
        () => create.mutateAsync({ ...body, idempotencyKey }),
      );
      if (out.queued) notify.success(DRAFT_MESSAGES.queued);
      else toastInterventionSuccess(out.result.message, MUTATION_MESSAGES.interventionCreate.success);
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
        {!editing && onFromTemplate && (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-blue-50 px-3 py-2 text-sm text-slate-700">
            <span>Travail récurrent ? Reprenez la checklist et le matériel d'un modèle.</span>
            <Button size="sm" variant="secondary" onClick={startFromTemplate} disabled={pending}>
              Partir d'un modèle
            </Button>
          </div>
        )}
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
        <FormField label={HU.typeTravail} htmlFor="intervention-type_travail">
          <select id="intervention-type_travail" className={inputClass()} {...form.register('type_travail')}>
            <option value="">{HU.typeTravailNone}</option>
            {WORK_KINDS.map((k) => (
              <option key={k} value={k}>
                {WORK_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label="Statut"
          htmlFor="intervention-statut"
          help={editing ? 'Seuls les statuts atteignables depuis le statut actuel sont proposés.' : undefined}
        >
          <select id="intervention-statut" className={inputClass()} {...form.register('statut')}>
            {statutOptions.map((s) => (
              <option key={s} value={s}>
                {STATUT_LABELS[s]}
                {editing && s === current ? ' (actuel)' : ''}
              </option>
            ))}
          </select>
        </FormField>
        {mayAssign && (
          <FormField label="Technicien assigné" htmlFor="intervention-technician-new">
            <select
              id="intervention-technician-new"
              className={inputClass()}
              value={form.watch('technicianId') ?? ''}
              onChange={(e) => form.setValue('technicianId', e.target.value)}
            >
              <option value="">Non assigné</option>
              {(technicians.data?.data ?? []).map((t) => (
                <option key={t.id} value={String(t.id)}>
                  {t.nom}
                  {t.role ? ` — ${t.role}` : ''}
                </option>
              ))}
            </select>
          </FormField>
        )}
      </form>
      <LoadingOverlay show={create.isPending} text="Création de l'intervention..." />
      <LoadingOverlay show={update.isPending} text="Mise à jour du statut..." />
      <ReopenDialog
        open={reopening !== null && intervention !== undefined}
        target={reopening ? statutLabel(reopening) : ''}
        approved={intervention?.reviewStatus === 'APPROUVEE'}
        saving={update.isPending}
        onClose={() => setReopening(null)}
        onConfirm={(motif) => intervention && reopening && void saveStatut(intervention, reopening, motif)}
      />
    </Modal>
  );
}
