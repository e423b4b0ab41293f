import type {
  DiagnosticInput,
  InterventionRecords,
  PlanificationInput,
  QualityControlInput,
} from '@gmao/domain/interventions/record-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { invalidateAfterInterventionChange } from './query-keys';

type Result = Envelope<InterventionRecords>;

export function saveDiagnostic(input: { id: number; body: DiagnosticInput }) {
  return api.post<Result>(`/interventions/${input.id}/diagnostic`, input.body, { silent: true });
}

export function savePlanification(input: { id: number; body: PlanificationInput }) {
  return api.put<Result>(`/interventions/${input.id}/planification`, input.body, { silent: true });
}

export function saveQualityControl(input: { id: number; body: QualityControlInput }) {
  return api.post<Result>(`/interventions/${input.id}/controle-qualite`, input.body, { silent: true });
}

/** Spec §7: after diagnostic, planning and quality control, lists, the intervention, its workflow and the dashboard refresh. */
function useRecordMutation<TInput>(fn: (input: TInput) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateAfterInterventionChange(queryClient) });
}

export const useSaveDiagnostic = () => useRecordMutation(saveDiagnostic);
export const useSavePlanification = () => useRecordMutation(savePlanification);
export const useSaveQualityControl = () => useRecordMutation(saveQualityControl);
