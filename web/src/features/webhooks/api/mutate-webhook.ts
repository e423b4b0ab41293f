import type { Webhook, WebhookBody, WebhookDelivery, WebhookWithSecret } from '@gmao/domain/webhooks/webhook-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';
import { webhooksKeys } from './query-keys';

export const createWebhook = (input: WebhookBody) =>
  api.post<Envelope<WebhookWithSecret>>('/webhooks', input, { silent: true });
export const updateWebhook = ({ id, input }: { id: number; input: WebhookBody }) =>
  api.put<Envelope<Webhook>>(`/webhooks/${id}`, input, { silent: true });
export const deleteWebhook = (id: number) => api.delete<Envelope<null>>(`/webhooks/${id}`, { silent: true });
export const rotateWebhookSecret = (id: number) =>
  api.post<Envelope<WebhookWithSecret>>(`/webhooks/${id}/rotate-secret`, undefined, { silent: true });
export const redeliver = ({ id, deliveryId }: { id: number; deliveryId: number }) =>
  api.post<Envelope<WebhookDelivery>>(`/webhooks/${id}/deliveries/${deliveryId}/redeliver`, undefined, {
    silent: true,
  });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all });
}

export function useCreateWebhook() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: createWebhook, onSuccess, retry: false });
}

export function useUpdateWebhook() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: updateWebhook, onSuccess, retry: false });
}

export function useDeleteWebhook() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: deleteWebhook, onSuccess, retry: false });
}

export function useRotateWebhookSecret() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: rotateWebhookSecret, onSuccess, retry: false });
}

export function useRedeliver() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: redeliver, onSuccess, retry: false });
}
