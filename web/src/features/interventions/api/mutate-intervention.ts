import type { PauseMotif } from '@gmao/domain/contracts/contract-constants';
import type { WorkKind } from '@gmao/domain/habilitations/requirements';
import type {
  HistoryEntry,
  Intervention,
  InterventionCreateInput,
} from '@gmao/domain/interventions/intervention-schemas';
import type { Statut } from '@gmao/domain/interventions/status';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { invalidateAfterInterventionChange } from './query-keys';
import { ifMatch, isVersionConflict, reloadAfterConflict } from './version-conflict';

// The callers show the spec's intervention-flow toasts themselves, hence `silent`. `idempotencyKey` (issue 32): the
// form's draft id, sent as Idempotency-Key — a creation whose answer was lost, sent again from the outbox, is one.
export function createIntervention({
  idempotencyKey,
  ...input
}: InterventionCreateInput & { idempotencyKey?: string }) {
  const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined;
  return api.post<Envelope<Intervention>>('/interventions', input, { silent: true, headers });
}

/**
 * The edit form sends the status change (spec §4) and, when changed, the kind of work (issue 34: the server checks the
 * assignee's habilitations again, 422 HABILITATION_REQUISE), made on the `version` it displayed (If-Match: a 409
 * VERSION_CONFLICT when someone else changed the intervention meanwhile).
 */
export function updateInterventionStatut(input: {
  id: number;
  statut: Statut;
  motif?: string;
  version?: number;
  typeTravail?: WorkKind | null;
}) {
  const opts = { silent: true, headers: ifMatch(input.version) };
  const body = {
    statut: input.statut,
    ...(input.motif ? { motif: input.motif } : {}),
    ...(input.typeTravail !== undefined ? { type_travail: input.typeTravail } : {}),
  };
  return api.put<Envelope<Intervention>>(`/interventions/${input.id}`, body, opts);
}

/**
 * The detail's status buttons, made on the workflow `version` they were drawn from; `motif` is the reopening's
 * (leaving TERMINEE, asked by ReopenDialog).
 */
export function changeStatus(input: {
  id: number;
  statut: Statut;
  note?: string;
  motif?: string;
  /** Issue 31: the reason of a move to EN_PAUSE (PauseDialog). */
  pauseMotif?: PauseMotif;
  version?: number;
}) {
  const body = {
    statut: input.statut,
    note: input.note,
    ...(input.motif ? { motif: input.motif } : {}),
    ...(input.pauseMotif ? { pause_motif: input.pauseMotif } : {}),
  };
  const opts = { silent: true, headers: ifMatch(input.version) };
  return api.put<Envelope<Intervention>>(`/interventions/${input.id}/status`, body, opts);
}

/** 'Annuler' of the status toast: the server puts back what the user's own last change replaced. */
export function undoStatusChange(id: number) {
  return api.post<Envelope<Intervention>>(`/interventions/${id}/status/undo`, undefined, { silent: true });
}

export function deleteIntervention(id: number) {
  return api.delete<Envelope<null>>(`/interventions/${id}`, { silent: true });
}

/** A note adds to the history whatever changed meanwhile: no version. */
export function addWorkflowNote(input: { id: number; note: string }) {
  const body = { note: input.note };
  return api.post<Envelope<HistoryEntry>>(`/interventions/${input.id}/workflow/notes`, body, { silent: true });
}

/** Success or a version conflict: every view of interventions reloads (the conflict first shows the 409's state). */
function useInterventionMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateAfterInterventionChange(queryClient),
    onError: (err) => (isVersionConflict(err) ? reloadAfterConflict(queryClient, err) : undefined),
  });
}

export const useCreateIntervention = () => useInterventionMutation(createIntervention);
export const useUpdateInterventionStatut = () => useInterventionMutation(updateInterventionStatut);
export const useChangeStatus = () => useInterventionMutation(changeStatus);
export const useUndoStatusChange = () => useInterventionMutation(undoStatusChange);
export const useDeleteIntervention = () => useInterventionMutation(deleteIntervention);
export const useAddWorkflowNote = () => useInterventionMutation(addWorkflowNote);
