import type { Signature } from '@gmao/domain/interventions/signature-schemas';
import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { interventionKeys } from './query-keys';

export const signaturesKey = (id: number) => [...interventionKeys.detail(id), 'signatures'] as const;

/** GET /interventions/{id}/signatures: every signature of the bon, all versions (issue 32). */
export function useSignatures(interventionId: number) {
  return useQuery({
    queryKey: signaturesKey(interventionId),
    queryFn: async () =>
      (await api.get<Envelope<Signature[]>>(`/interventions/${interventionId}/signatures`, { silent: true })).data,
  });
}
