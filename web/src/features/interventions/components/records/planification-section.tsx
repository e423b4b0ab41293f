import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { formatDate, formatDateTime, formatNumber } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { interventionFacts } from '@gmao/domain/interventions/policy';
import {
  type Planification,
  type PlanificationFormValues,
  planificationFormSchema,
} from '@gmao/domain/interventions/record-schemas';
import { CLOSED_STATUTS, type Statut } from '@gmao/domain/interventions/status';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../../components/ui/form-field';
import { useTechnicians } from '../../api/get-technicians';
import { useSavePlanification } from '../../api/mutate-records';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';
import { RecordFields, RecordFormButtons, RecordView } from './record-view';

const hours = (value: string | null) => (value ? `${formatNumber(Number(value))} h` : null);

function PlanificationForm({
  intervention,
  current,
  onDone,
}: {
  intervention: Intervention;
  current: Planification | null;
  onDone: () => void;
}) {
  const mutation = useSavePlanification();
  // Choosing the technician is an assignment: only for holders of interventions:assign; others keep the assignee.
  const canAssign = useInterventionAccess().can('assign', interventionFacts(intervention));
  const technicians = useTechnicians(canAssign);
  const form = useForm<PlanificationFormValues>({
    resolver: zodResolver(planificationFormSchema),
    defaultValues: {
      datePrevue: current?.datePrevue ?? intervention.date,
      dureeEstimee: current?.dureeEstimee ?? '',
      technicianId: intervention.technician ? String(intervention.technician.id) : '',
      piecesNecessaires: current?.piecesNecessaires ?? '',
      instructions: current?.instructions ?? '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const body = {
        datePrevue: v.datePrevue,
        dureeEstimee: v.dureeEstimee.trim() || null,
        ...(canAssign ? { technicianId: v.technicianId ? Number(v.technicianId) : null } : {}),
        piecesNecessaires: v.piecesNecessaires,
        instructions: v.instructions,
      };
      const res = await mutation.mutateAsync({ id: intervention.id, body });
      toastInterventionSuccess(res.message, MUTATION_MESSAGES.planning.success);
      onDone();
    } catch (err) {
      toastInterventionError(err, MUTATION_MESSAGES.planning.failure);
    }
  });
  const options = technicians.data?.data ?? [];
  const assignee = intervention.technician;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Formulaire de planification" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Date prévue" htmlFor="plan-date" required error={errors.datePrevue?.message}>
          <input
            id="plan-date"
            type="date"
            className={inputClass(!!errors.datePrevue)}
            {...fieldAria('plan-date', errors.datePrevue?.message)}
            {...form.register('datePrevue')}
          />
        </FormField>
        <FormField label="Durée estimée (heures)" htmlFor="plan-duree" error={errors.dureeEstimee?.message}>
          <input
            id="plan-duree"
            inputMode="decimal"
            placeholder="ex. 2,5"
            className={inputClass(!!errors.dureeEstimee)}
            {...fieldAria('plan-duree', errors.dureeEstimee?.message)}
            {...form.register('dureeEstimee')}
          />
        </FormField>
      </div>
      {canAssign && (
        <FormField label="Technicien" htmlFor="plan-technicien">
          {/* Controlled, like the assignee select: the technicians arrive after the first render. */}
          <select
            id="plan-technicien"
            className={inputClass()}
            name="technicianId"
            value={form.watch('technicianId') ?? ''}
            onChange={(e) => form.setValue('technicianId', e.target.value, { shouldDirty: true })}
          >
            <option value="">Non assigné</option>
            {assignee && !options.some((o) => o.id === assignee.id) && (
              <option value={assignee.id}>{assignee.nom}</option>
            )}
            {options.map((t) => (
              <option key={t.id} value={t.id}>
                {t.nom}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <FormField label="Pièces nécessaires" htmlFor="plan-pieces" error={errors.piecesNecessaires?.message}>
        <textarea id="plan-pieces" rows={2} className={inputClass()} {...form.register('piecesNecessaires')} />
      </FormField>
      <FormField label="Instructions" htmlFor="plan-instructions" error={errors.instructions?.message}>
        <textarea id="plan-instructions" rows={2} className={inputClass()} {...form.register('instructions')} />
      </FormField>
      <RecordFormButtons saving={mutation.isPending} onCancel={onDone} />
    </form>
  );
}

/** Planned date, estimated duration, technician (the intervention's assignee), parts and instructions. */
export function PlanificationSection({
  intervention,
  planification,
}: {
  intervention: Intervention;
  planification: Planification | null;
}) {
  const access = useInterventionAccess();
  const [editing, setEditing] = useState(false);
  // Responses type statut as a string until the domain's response schemas use statutSchema (server change).
  const closed = CLOSED_STATUTS.includes(intervention.statut as Statut);
  if (editing) {
    return <PlanificationForm intervention={intervention} current={planification} onDone={() => setEditing(false)} />;
  }
  return (
    <RecordView
      empty={!planification}
      emptyText="Aucune planification."
      editLabel={planification ? 'Modifier la planification' : 'Planifier'}
      canEdit={access.can('editRecords', interventionFacts(intervention)) && !closed}
      onEdit={() => setEditing(true)}
      footer={planification && `Par ${planification.auteur?.nom ?? '-'}, le ${formatDateTime(planification.updatedAt)}`}
    >
      {planification && (
        <RecordFields
          rows={[
            ['Date prévue', formatDate(planification.datePrevue)],
            ['Durée estimée', hours(planification.dureeEstimee)],
            ['Technicien', intervention.technician?.nom ?? 'Non assigné'],
            ['Pièces nécessaires', planification.piecesNecessaires],
            ['Instructions', planification.instructions],
          ]}
        />
      )}
    </RecordView>
  );
}
