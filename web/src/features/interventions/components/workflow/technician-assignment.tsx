import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { formatDateTime } from '@gmao/domain/format/format';
import { HABILITATION_REQUISE, HABILITATION_UI as HU } from '@gmao/domain/habilitations/habilitation-schemas';
import { type AssignFormValues, assignFormSchema } from '@gmao/domain/interventions/assignment-schemas';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { interventionFacts, POLICY_LABELS } from '@gmao/domain/interventions/policy';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { inputClass } from '../../../../components/ui/form-field';
import { ApiError } from '../../../../lib/api-client';
import { usePermissions } from '../../../../lib/session';
import { useTechnicians } from '../../api/get-technicians';
import { useSetAssignee } from '../../api/mutate-assignment';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';
import { DerogationDialog } from './derogation-dialog';

/**
 * The assignee of the intervention: changed through a select by holders of interventions:assign; anyone who may
 * update interventions may take one nobody holds; shown to the others.
 */
export function TechnicianAssignment({ intervention }: { intervention: Intervention }) {
  const access = useInterventionAccess();
  const facts = interventionFacts(intervention);
  const editable = access.can('assign', facts);
  const technicians = useTechnicians(editable, intervention.id);
  const mutation = useSetAssignee();
  const { can } = usePermissions();
  // Issue 34: a refusal for want of habilitation is shown here, with the derogation for holders of the override.
  const [refusal, setRefusal] = useState<{ technicianId: number; message: string } | null>(null);
  const [derogating, setDerogating] = useState(false);
  const habilitationRefusal = (err: unknown, technicianId: number) => {
    if (!(err instanceof ApiError) || err.code !== HABILITATION_REQUISE) return false;
    setRefusal({ technicianId, message: err.serverMessage ?? err.message });
    return true;
  };
  const derogation =
    intervention.derogation && intervention.derogation.technician_id === intervention.technicianId
      ? intervention.derogation
      : null;
  const derogationNote = derogation && (
    <p className="w-full rounded bg-amber-50 p-2 text-sm text-amber-900" data-testid="derogation">
      {HU.derogationShown(derogation.par?.nom ?? '—', formatDateTime(derogation.le), derogation.motif)}
    </p>
  );
  const refusalNote = refusal && (
    <div role="alert" className="w-full rounded bg-red-50 p-2 text-sm text-red-800">
      <p>{refusal.message}</p>
      {can(PERMISSIONS.HABILITATIONS_OVERRIDE) && (
        <Button size="sm" variant="danger" className="mt-2" onClick={() => setDerogating(true)}>
          {HU.derogationConfirm}…
        </Button>
      )}
    </div>
  );
  const derogationDialog = refusal && derogating && (
    <DerogationDialog
      reason={refusal.message}
      saving={mutation.isPending}
      onCancel={() => setDerogating(false)}
      onConfirm={async (motif) => {
        try {
          const res = await mutation.mutateAsync({
            id: intervention.id,
            technicianId: refusal.technicianId,
            derogation: { motif },
          });
          setDerogating(false);
          setRefusal(null);
          toastInterventionSuccess(res.message, ASSIGNMENT_MESSAGES.assigned);
        } catch (err) {
          toastInterventionError(err, ASSIGNMENT_MESSAGES.assignFailed);
        }
      }}
    />
  );
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
        if (!habilitationRefusal(err, me)) toastInterventionError(err, ASSIGNMENT_MESSAGES.assignFailed);
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
        {derogationNote}
        {refusalNote}
        {derogationDialog}
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async ({ technicianId }) => {
    setRefusal(null);
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
      if (!habilitationRefusal(err, Number(technicianId)))
        toastInterventionError(err, ASSIGNMENT_MESSAGES.assignFailed);
    }
  });

  const options = technicians.data?.data ?? [];
  // The current assignee stays selectable even once disabled, so the select shows who holds the work.
  const missing = intervention.technician && !options.some((o) => o.id === intervention.technician?.id);
  const selected = form.watch('technicianId');
  const chosen = options.find((o) => String(o.id) === selected);
  return (
    <>
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
              <option
                key={t.id}
                value={t.id}
                className={t.habilitation && !t.habilitation.ok ? 'text-slate-400' : undefined}
                title={t.habilitation?.raison ?? undefined}
              >
                {t.habilitation?.ok ? '✓ ' : ''}
                {t.nom}
                {t.role ? ` — ${t.role}` : ''}
                {t.habilitation && !t.habilitation.ok ? ` (${HU.notQualifiedBadge})` : ''}
              </option>
            ))}
          </select>
          {chosen?.habilitation && (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <Badge tone={chosen.habilitation.ok ? 'green' : 'red'}>
                {chosen.habilitation.ok ? HU.qualifiedBadge : HU.notQualifiedBadge}
              </Badge>
              {chosen.habilitation.raison}
            </p>
          )}
        </div>
        <Button type="submit" variant="secondary" loading={mutation.isPending} disabled={selected === current}>
          Enregistrer l'affectation
        </Button>
        {derogationNote}
        {refusalNote}
      </form>
      {derogationDialog}
    </>
  );
}
