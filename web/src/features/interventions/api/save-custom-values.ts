import type { CustomValues } from '@gmao/domain/custom-fields/custom-field-schemas';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { invalidateAfterInterventionChange } from './query-keys';

/** PUT /interventions/{id}/custom-fields (spec §7): the values of the fields that apply; null clears one. */
export function saveCustomValues(input: { id: number; values: CustomValues }) {
  return api.put<Envelope<Intervention>>(
    `/interventions/${input.id}/custom-fields`,
    { values: input.values },
    { silent: true },
  );
}

/** The intervention (its values), its history note, and the lists filtered on a field refresh. */
export function useSaveCustomValues() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCustomValues, onSuccess: () => invalidateAfterInterventionChange(queryClient) });
}
