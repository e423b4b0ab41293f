import type { Webhook, WebhookDelivery } from '@gmao/domain/webhooks/webhook-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope, type ListEnvelope } from '../../../lib/api-client';
import { webhooksKeys } from './query-keys';

export const getWebhooks = () => api.get<Envelope<Webhook[]>>('/webhooks');

export function getWebhooksQueryOptions() {
  return queryOptions({ queryKey: webhooksKeys.list(), queryFn: getWebhooks });
}

export const useWebhooks = () => useQuery(getWebhooksQueryOptions());

export const getDeliveries = (id: number, page: number, limit: number) =>
  api.get<ListEnvelope<WebhookDelivery>>(`/webhooks/${id}/deliveries`, { query: { page, limit } });

/** The delivery log of one endpoint, a page at a time (the previous page stays shown while the next loads). */
export function useDeliveries(id: number, page: number, limit: number) {
  return useQuery({
    queryKey: webhooksKeys.deliveries(id, page, limit),
    queryFn: () => getDeliveries(id, page, limit),
    placeholderData: keepPreviousData,
  });
}
