import { formatDateTime } from '@gmao/domain/format/format';
import {
  WEBHOOK_MESSAGES as M,
  WEBHOOK_DELIVERY_STATUT_LABELS,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatut,
} from '@gmao/domain/webhooks/webhook-schemas';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Modal } from '../../../components/ui/modal';
import { Pagination } from '../../../components/ui/pagination';
import { RowAction } from '../../../components/ui/row-action';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDeliveries } from '../api/get-webhooks';
import { useRedeliver } from '../api/mutate-webhook';

const TONES: Record<WebhookDeliveryStatut, BadgeTone> = {
  EN_ATTENTE: 'yellow',
  ENVOI: 'blue',
  LIVRE: 'green',
  ECHEC: 'red',
};

const C = M.deliveryColumns;

const columns: DataTableColumn<WebhookDelivery>[] = [
  { key: 'date', header: C.date, render: (d) => formatDateTime(d.created_at) },
  { key: 'event', header: C.event, render: (d) => <code className="text-xs">{d.event_type}</code> },
  {
    key: 'statut',
    header: C.statut,
    render: (d) => (
      <span>
        <Badge tone={TONES[d.statut]}>{WEBHOOK_DELIVERY_STATUT_LABELS[d.statut]}</Badge>
        {d.next_attempt_at && (
          <span className="block text-xs text-slate-500">{M.nextAttempt(formatDateTime(d.next_attempt_at))}</span>
        )}
      </span>
    ),
  },
  { key: 'attempts', header: C.attempts, render: (d) => d.attempts },
  { key: 'code', header: C.code, render: (d) => d.last_status_code ?? M.noDelivery },
  {
    key: 'duration',
    header: C.duration,
    render: (d) => (d.last_duration_ms === null ? M.noDelivery : `${d.last_duration_ms} ms`),
  },
  {
    key: 'excerpt',
    header: C.excerpt,
    render: (d) => (
      <span className="block max-w-xs truncate font-mono text-xs" title={d.response_excerpt ?? d.last_error ?? ''}>
        {d.last_error ?? d.response_excerpt ?? M.noDelivery}
      </span>
    ),
  },
];

/** The delivery log of one endpoint, newest first, with « Renvoyer » on every row. */
export function DeliveriesModal({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const deliveries = useDeliveries(webhook.id, page, limit);
  const redeliver = useRedeliver();
  const resend = async (d: WebhookDelivery) => {
    try {
      const res = await redeliver.mutateAsync({ id: webhook.id, deliveryId: d.id });
      notify.success(res.message ?? M.redelivered);
    } catch (err) {
      notify.error((err instanceof ApiError && err.serverMessage) || M.redeliverFailed);
    }
  };
  return (
    <Modal open onClose={onClose} title={`${M.deliveriesTitle} — ${webhook.url}`} size="4xl" fill>
      {deliveries.isError && !deliveries.data ? (
        <LoadErrorState description={M.deliveriesLoadError} onRetry={() => void deliveries.refetch()} />
      ) : (
        <>
          <DataTable
            caption={M.deliveriesTitle}
            columns={columns}
            rows={deliveries.data?.data}
            loading={deliveries.isPending}
            rowKey={(d) => d.id}
            emptyMessage={M.deliveriesEmpty}
            actions={(d) => (
              <RowAction label={`${M.redeliver} ${d.event_type}`} icon={RotateCcw} onClick={() => void resend(d)} />
            )}
          />
          {deliveries.data && deliveries.data.pagination.total > 0 && (
            <div className="mt-4">
              <Pagination
                page={page}
                limit={limit}
                total={deliveries.data.pagination.total}
                onPageChange={setPage}
                onLimitChange={(l) => {
                  setLimit(l);
                  setPage(1);
                }}
              />
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
