import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import {
  formatDureePrevue,
  formatWallClock,
  SCHEDULE_LABELS,
  SCHEDULE_MESSAGES,
  scheduleFormSchema,
  scheduleInputSchema,
  wallClockBody,
} from '@gmao/domain/interventions/schedule-schemas';
import { PLANNING_LABELS as L } from '@gmao/domain/plans/planning-labels';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, fieldAria, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useReschedule } from '../api/planning';
import { DEFAULT_PLANNED_TIME } from './use-planning-drop';

/** The dialog's fields: the detail form's date and time (its duration is kept as it is). */
const replanFormSchema = scheduleFormSchema.pick({ date: true, time: true });
type ReplanFormValues = { date: string; time: string };

/**
 * The single-pointer alternative to dragging an intervention to another day (WCAG 2.2 SC 2.5.7), for a finger on a
 * phone or a keyboard: the planned date and time, prefilled, sent to PUT /interventions/:id/schedule once checked by
 * the server's own schema (scheduleInputSchema); the planned duration is kept. The server's refusal stays in the
 * dialog; success is toasted and the calendar refreshes (the mutation invalidates the interventions).
 */
export function RescheduleDialog({ intervention, onClose }: { intervention: Intervention; onClose: () => void }) {
  const reschedule = useReschedule();
  const [serverError, setServerError] = useState<string | null>(null);
  const current = intervention.plannedWallClock ?? null;
  const form = useForm<ReplanFormValues>({
    resolver: zodResolver(replanFormSchema),
    defaultValues: { date: current?.date ?? intervention.date, time: current?.time ?? DEFAULT_PLANNED_TIME },
  });
  const { errors } = form.formState;
  const duree = formatDureePrevue(intervention.dureePrevue);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    const body = scheduleInputSchema.safeParse({
      date: wallClockBody(values.date, values.time),
      duree: intervention.dureePrevue ?? null,
    });
    if (!body.success) {
      form.setError('date', { message: body.error.issues[0]?.message ?? SCHEDULE_MESSAGES.dateInvalid });
      return;
    }
    try {
      const res = await reschedule.mutateAsync({ id: intervention.id, body: body.data, silent: true });
      notify.success(res.message || SCHEDULE_MESSAGES.rescheduled);
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        for (const d of err.details)
          if (d.field === 'date') form.setError('date', { message: d.msg ?? d.message ?? err.message });
        setServerError(err.message || L.rescheduleFailed);
      } else setServerError(L.rescheduleFailed);
    }
  });

  const field = (name: 'date' | 'time', label: string, type: 'date' | 'time') => {
    const id = `replan-${name}`;
    return (
      <FormField label={label} htmlFor={id} required error={errors[name]?.message}>
        <input
          id={id}
          type={type}
          className={`${inputClass(!!errors[name])} min-h-11`}
          {...fieldAria(id, errors[name]?.message)}
          {...form.register(name)}
        />
      </FormField>
    );
  };

  return (
    <FormModal
      open
      onClose={onClose}
      title={intervention.plannedWallClock ? L.rescheduleTitle : L.planTitle}
      size="sm"
      formId="replan-form"
      saving={reschedule.isPending}
      submitLabel={intervention.plannedWallClock ? L.rescheduleSave : L.plan}
    >
      <form id="replan-form" onSubmit={onSubmit} noValidate className="space-y-3" data-testid="replan-form">
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">{intervention.equipement.nom}</span> —{' '}
          {intervention.equipement.proprietaire.nom_entreprise}
          {intervention.plannedWallClock && (
            <span className="block text-slate-500">
              {L.rescheduleCurrent(formatWallClock(intervention.plannedWallClock))}
            </span>
          )}
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {field('date', SCHEDULE_LABELS.date, 'date')}
          {field('time', SCHEDULE_LABELS.time, 'time')}
        </div>
        {duree && <p className="text-xs text-slate-500">{L.rescheduleKeepsDuree(duree)}</p>}
        {serverError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {serverError}
          </p>
        )}
      </form>
    </FormModal>
  );
}
