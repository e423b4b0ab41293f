import { formatDate } from '@gmao/domain/format/format';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { interventionFacts } from '@gmao/domain/interventions/policy';
import {
  formatDureePrevue,
  formatWallClock,
  SCHEDULE_LABELS as L,
  SCHEDULE_MESSAGES,
  type ScheduleFormValues,
  scheduleBodyOf,
  scheduleFormSchema,
} from '@gmao/domain/interventions/schedule-schemas';
import { CLOSED_STATUTS } from '@gmao/domain/interventions/status';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { FormField, fieldAria, inputClass } from '../../../../components/ui/form-field';
import { useScheduleIntervention } from '../../api/mutate-schedule';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';

/** Minutes back into the form's text: '1h30', '2h', '0h45'. */
const dureeText = (minutes: number | null | undefined) =>
  minutes ? `${Math.floor(minutes / 60)}h${minutes % 60 ? String(minutes % 60).padStart(2, '0') : ''}` : '';

/**
 * The planned start, read and typed on Casablanca's clock: the server's wall clock (plannedWallClock) fills the form
 * and the typed date and time go back as they are; the browser converts nothing. POST the first time, PUT to replan.
 */
export function ScheduleForm({ intervention, onDone }: { intervention: Intervention; onDone: () => void }) {
  const mutation = useScheduleIntervention();
  const current = intervention.plannedWallClock ?? null;
  const form = useForm<ScheduleFormValues>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: {
      date: current?.date ?? intervention.date,
      time: current?.time ?? '08:00',
      duree: dureeText(intervention.dureePrevue),
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const first = !intervention.plannedWallClock;
    try {
      const res = await mutation.mutateAsync({ id: intervention.id, body: scheduleBodyOf(values), first });
      toastInterventionSuccess(res.message, first ? SCHEDULE_MESSAGES.scheduled : SCHEDULE_MESSAGES.rescheduled);
      onDone();
    } catch (err) {
      toastInterventionError(err, SCHEDULE_MESSAGES.failed);
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={L.form}
      className="space-y-3 rounded-lg border border-slate-200 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label={L.date} htmlFor="schedule-date" required error={errors.date?.message}>
          <input
            id="schedule-date"
            type="date"
            className={inputClass(!!errors.date)}
            {...fieldAria('schedule-date', errors.date?.message)}
            {...form.register('date')}
          />
        </FormField>
        <FormField label={L.time} htmlFor="schedule-time" required error={errors.time?.message}>
          <input
            id="schedule-time"
            type="time"
            className={inputClass(!!errors.time)}
            {...fieldAria('schedule-time', errors.time?.message)}
            {...form.register('time')}
          />
        </FormField>
        <FormField label={L.duree} htmlFor="schedule-duree" error={errors.duree?.message} help={L.dureeHint}>
          <input
            id="schedule-duree"
            inputMode="decimal"
            placeholder="ex. 2 ou 1h30"
            className={inputClass(!!errors.duree)}
            {...fieldAria('schedule-duree', errors.duree?.message, L.dureeHint)}
            {...form.register('duree')}
          />
        </FormField>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={mutation.isPending}>
          {L.cancel}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {L.save}
        </Button>
      </div>
    </form>
  );
}

/** '15/12/2026 à 08:30 (2 h)', or '29/11/2026 · heure à planifier' when only the date is known. */
export function plannedText(i: Pick<Intervention, 'plannedWallClock' | 'dureePrevue' | 'date'>): string {
  if (!i.plannedWallClock) return L.datedOnly(formatDate(i.date));
  const duree = formatDureePrevue(i.dureePrevue);
  return `${formatWallClock(i.plannedWallClock)}${duree ? ` (${duree})` : ''}`;
}

/**
 * The detail's one line about when the job is due: the planned date, time and duration, or its date alone, with 'Planifier la date' / 'Replanifier' for who may
 * edit the intervention while it is open (the server refuses closed ones).
 */
export function ScheduleLine({ intervention }: { intervention: Intervention }) {
  const access = useInterventionAccess();
  const [editing, setEditing] = useState(false);
  const closed = CLOSED_STATUTS.includes(intervention.statut);
  const editable = access.can('edit', interventionFacts(intervention)) && !closed;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="min-w-28 text-slate-500">{intervention.plannedWallClock ? L.line : L.dateLine}</span>
        <span className="font-medium text-slate-900">{plannedText(intervention)}</span>
        {editable && !editing && (
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            <CalendarClock className="h-3.5 w-3.5" aria-hidden="true" />{' '}
            {intervention.plannedWallClock ? L.reschedule : L.schedule}
          </Button>
        )}
      </div>
      {editing && <ScheduleForm intervention={intervention} onDone={() => setEditing(false)} />}
    </div>
  );
}
