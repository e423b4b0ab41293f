import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { type AssignFormValues, assignFormSchema } from '@gmao/domain/interventions/assignment-schemas';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { usePermissions } from '../../../lib/session';
import { useTechnicians } from '../api/get-technicians';
import { useSetAssignee } from '../api/mutate-assignment';
import { toastInterventionError, toastInterventionSuccess } from './intervention-toasts';

/** The assignee of the intervention: shown to readers, changed through a select by who may update. */
export function TechnicianAssignment({ intervention }: { intervention: Intervention }) {
  const { can } = usePermissions();
  const editable = can(PERMISSIONS.INTERVENTIONS_UPDATE);
  const technicians = useTechnicians(editable);
  const mutation = useSetAssignee();
  const current = intervention.technician ? String(intervention.technician.id) : '';
  const form = useForm<AssignFormValues>({
    resolver: zodResolver(assignFormSchema),
    defaultValues: { technicianId: current },
  });
  useEffect(() => form.reset({ technicianId: current }), [current, form]);

  if (!editable) {
    return <p className="text-sm text-slate-800">{intervention.technician?.nom ?? 'Non assigné'}</p>;
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
        <select
          id="intervention-technician"
          className={inputClass()}
          disabled={technicians.isPending || mutation.isPending}
          {...form.register('technicianId')}
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
