import type { CompteRendu, CompteRenduInput } from '@gmao/domain/interventions/compte-rendu-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys, invalidateInterventionVersion } from './query-keys';

export function getComptesRendus(id: number) {
  return api.get<Envelope<CompteRendu[]>>(`/interventions/${id}/reports`, { silent: true });
}

export function getComptesRendusQueryOptions(id: number) {
  return queryOptions({ queryKey: interventionKeys.comptesRendus(id), queryFn: () => getComptesRendus(id) });
}

export function useComptesRendus(id: number) {
  return useQuery(getComptesRendusQueryOptions(id));
}

export type SaveCompteRendu = { id: number; reportId?: number } & CompteRenduInput;

/** POST /interventions/:id/report (new) or PUT /interventions/:id/reports/:reportId (edit). */
export function saveCompteRendu({ id, reportId, ...body }: SaveCompteRendu) {
  return reportId
    ? api.put<Envelope<CompteRendu>>(`/interventions/${id}/reports/${reportId}`, body, { silent: true })
    : api.post<Envelope<CompteRendu>>(`/interventions/${id}/report`, body, { silent: true });
}

export function useSaveCompteRendu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompteRendu,
    onSuccess: (_res, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: interventionKeys.comptesRendus(input.id) }),
        invalidateInterventionVersion(queryClient, input.id),
      ]),
  });
}
