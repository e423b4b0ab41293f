import { type AssignFormValues, assignFormSchema } from '@gmao/domain/interventions/assignment-schemas';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { interventionFacts, POLICY_LABELS } from '@gmao/domain/interventions/policy';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { inputClass } from '../../../../components/ui/form-field';
import { useTechnicians } from '../../api/get-technicians';
import { useSetAssignee } from '../../api/mutate-assignment';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';

/**
 * The assignee of the intervention: changed through a select by holders of interventions:assign; anyone who may
 * update interventions may take one nobody holds; shown to the others.
 */
export function TechnicianAssignment({ intervention }: { intervention: Intervention }) {
  const access = useInterventionAccess();
  const facts = interventionFacts(intervention);
  const editable = access.can('assign', facts);
  const technicians = useTechnicians(editable);
  const mutation = useSetAssignee();
  const current = intervention.technician ? String(intervention.technician.id) : '';
  const form = useForm<AssignFormValues>({
    resolver: zodResolver(assignFormSchema),
    defaultValues: { technicianId: current },
  });
  useEffect(() => form.reset({ technicianId: current }), [current, form]);

  if (!editable) {
    const me = access.userId;
    const takeOver = async () => {
      if (me === null) return;
      try {
        const res = await mutation.mutateAsync({ id: intervention.id, technicianId: me });
        toastInterventionSuccess(res.message, POLICY_LABELS.takenOver);
      } catch (err) {
        toastInterventionError(err, ASSIGNMENT_MESSAGES.assignFailed);
      }
    };
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-800">{intervention.technician?.nom ?? 'Non assigné'}</p>
        {intervention.technicianId === null && access.can('takeOver', facts) && (
          <Button size="sm" variant="secondary" loading={mutation.isPending} onClick={takeOver}>
            {POLICY_LABELS.takeOver}
          </Button>
        )}
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async ({ technicianId }) => {
    try {
      const res = await mutation.mutateAsync({
        id: intervention.id,
        technicianId: technicianId ? Number(technicianId) : null,
      });
      toastInterventionSuccess(
        res.message,
        technicianId ? ASSIGNMENT_MESSAGES.assigned : ASSIGNMENT_MESSAGES.unassigned,
      );
    } catch (err) {
      toastInterventionError(err, ASSIGNMENT_MESSAGES.assignFailed);
    }
  });

  const options = technicians.data?.data ?? [];
  // The current assignee stays selectable even once disabled, so the select shows who holds the work.
  const missing = intervention.technician && !options.some((o) => o.id === intervention.technician?.id);
  const selected = form.watch('technicianId');
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-64 flex-1">
        <label htmlFor="intervention-technician" className="mb-1 block text-sm font-medium text-slate-700">
          Technicien assigné
        </label>
        {/*
          Controlled: the list of technicians arrives after the first render, and an uncontrolled select whose
          selected option is replaced falls back to its first option ("Non assigné") on the first opening.
        */}
        <select
          id="intervention-technician"
          className={inputClass()}
          disabled={technicians.isPending || mutation.isPending}
          name="technicianId"
          value={selected ?? ''}
          onChange={(e) => form.setValue('technicianId', e.target.value, { shouldDirty: true })}
        >
          <option value="">Non assigné</option>
          {missing && intervention.technician && (
            <option value={intervention.technician.id}>{intervention.technician.nom}</option>
          )}
          {options.map((t) => (
            <option key={t.id} value={t.id}>
              {t.nom}
              {t.role ? ` — ${t.role}` : ''}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" loading={mutation.isPending} disabled={selected === current}>
        Enregistrer l'affectation
      </Button>
    </form>
  );
}
