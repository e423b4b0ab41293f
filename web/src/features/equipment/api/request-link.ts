import type { RequestLink } from '@gmao/domain/requests/request-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { equipmentKeys } from './query-keys';

/** The equipment's request link, the URL its QR code encodes (who may edit equipment, issue 33). */
export const useRequestLink = (equipementId: number, enabled: boolean) =>
  useQuery({
    queryKey: equipmentKeys.requestLink(equipementId),
    queryFn: () => api.get<Envelope<RequestLink>>(`/equipment/${equipementId}/request-link`, { silent: true }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A new token: the printed label stops working; the QR code shows the new one. */
export const useRotateRequestLink = (equipementId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Envelope<RequestLink>>(`/equipment/${equipementId}/request-link/rotate`),
    retry: false,
    onSuccess: (res) => queryClient.setQueryData(equipmentKeys.requestLink(equipementId), res),
  });
};
