import type { Consignation, ConsignationInput } from '@gmao/domain/habilitations/consignation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys, invalidateInterventionVersion } from './query-keys';

/** Issue 34: the consignation record of an intervention (null: none yet). */
export function useConsignation(id: number) {
  return useQuery({
    queryKey: interventionKeys.consignation(id),
    queryFn: () => api.get<Envelope<Consignation | null>>(`/interventions/${id}/consignation`, { silent: true }),
    staleTime: 30_000,
  });
}

export function putConsignation(input: { id: number; body: ConsignationInput }) {
  return api.put<Envelope<Consignation>>(`/interventions/${input.id}/consignation`, input.body, { silent: true });
}

/** The record as it stands; the answer replaces the cache; the intervention's version went up. */
export function useSaveConsignation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putConsignation,
    onSuccess: (res, input) => {
      queryClient.setQueryData(interventionKeys.consignation(input.id), res);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: interventionKeys.history(input.id) }),
        invalidateInterventionVersion(queryClient, input.id),
      ]);
    },
  });
}

/** The printable attestation (GET /interventions/{id}/consignation/pdf). */
export const consignationPdfPath = (id: number) => `/interventions/${id}/consignation/pdf`;
