import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the webhooks page (Administration → Webhooks). */
export const webhooksKeys = {
  all: queryRoots.webhooks,
  list: () => [...queryRoots.webhooks, 'list'] as const,
  deliveries: (id: number, page: number, limit: number) =>
    [...queryRoots.webhooks, 'deliveries', id, { page, limit }] as const,
};
