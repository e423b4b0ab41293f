import { formatDateTime } from '@gmao/domain/format/format';
import {
  WEBHOOK_MESSAGES as M,
  WEBHOOK_EVENT_LABELS,
  type Webhook,
  type WebhookEvent,
  type WebhookWithSecret,
} from '@gmao/domain/webhooks/webhook-schemas';
import { History, KeyRound, Pencil, Plus, Power, PowerOff, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Pagination } from '../../../components/ui/pagination';
import { RowAction } from '../../../components/ui/row-action';
import { SearchInput } from '../../../components/ui/search-input';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { useWebhooks } from '../api/get-webhooks';
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook } from '../api/mutate-webhook';
import { DeliveriesModal } from './deliveries-modal';
import { SecretModal } from './secret-modal';
import { WebhookFormModal } from './webhook-form-modal';

const C = M.columns;
const eventLabel = (e: string) => WEBHOOK_EVENT_LABELS[e as WebhookEvent] ?? e;

const columns: DataTableColumn<Webhook>[] = [
  {
    key: 'url',
    header: C.url,
    render: (w) => <span className="break-all font-medium text-slate-900">{w.url}</span>,
  },
  {
    key: 'events',
    header: C.events,
    render: (w) => (
      <span className="text-sm" title={w.events.map(eventLabel).join('\n')}>
        {w.events.join(', ')}
      </span>
    ),
  },
  {
    key: 'state',
    header: C.state,
    render: (w) => (
      <span>
        <Badge tone={w.actif ? 'green' : 'gray'}>{w.actif ? M.active : M.inactive}</Badge>
        {w.disabled_reason && <span className="block text-xs text-red-700">{w.disabled_reason}</span>}
        {w.previous_secret_expires_at && (
          <span className="block text-xs text-slate-500">
            {M.previousSecretUntil(formatDateTime(w.previous_secret_expires_at))}
          </span>
        )}
      </span>
    ),
  },
  {
    key: 'deliveries',
    header: C.deliveries,
    render: (w) => (
      <span className="flex flex-wrap gap-1">
        {w.failed > 0 && <Badge tone="red">{M.failedCount(w.failed)}</Badge>}
        {w.pending > 0 && <Badge tone="yellow">{M.pendingCount(w.pending)}</Badge>}
        {w.failed === 0 && w.pending === 0 && M.noDelivery}
      </span>
    ),
  },
];

/** Administration → Webhooks: the endpoints, their secret (shown once), enable/disable, rotation, delivery log. */
export function WebhooksScreen() {
  const webhooks = useWebhooks();
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [toRotate, setToRotate] = useState<Webhook | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<Webhook>(remove, {
    success: M.deleted,
    onError: (err) => notify.error((err instanceof ApiError && err.serverMessage) || M.deleteFailed),
  });

  const all = webhooks.data?.data;
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const matching = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q && all ? all.filter((w) => w.url.toLowerCase().includes(q)) : all;
  }, [all, search]);
  // a handful of endpoints: the server sends them all, the page shows them a page at a time
  const rows = matching?.slice((page - 1) * limit, page * limit);

  const toggle = async (w: Webhook) => {
    try {
      await update.mutateAsync({
        id: w.id,
        input: { url: w.url, events: w.events as WebhookEvent[], actif: !w.actif },
      });
      notify.success(w.actif ? M.disabled : M.enabled);
    } catch (err) {
      notify.error((err instanceof ApiError && err.serverMessage) || M.saveFailed);
    }
  };
  const confirmRotate = async () => {
    if (!toRotate) return;
    try {
      const res = await rotate.mutateAsync(toRotate.id);
      notify.success(res.message ?? M.rotated);
      setToRotate(null);
      setSecret(res.data.secret);
    } catch (err) {
      notify.error((err instanceof ApiError && err.serverMessage) || M.rotateFailed);
    }
  };
  const created = (w: WebhookWithSecret) => {
    setEditing(null);
    setSecret(w.secret);
  };

  return (
    <section>
      <PageHeader
        title={M.title}
        description={M.intro}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {M.newWebhook}
          </Button>
        }
      />
      <div className="mb-4 max-w-md">
        <SearchInput
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
          placeholder={M.searchPlaceholder}
          aria-label={M.searchLabel}
        />
      </div>
      {webhooks.isError && !webhooks.data ? (
        <LoadErrorState description={M.loadError} onRetry={() => void webhooks.refetch()} />
      ) : (
        <DataTable
          caption={M.title}
          columns={columns}
          rows={rows}
          loading={webhooks.isPending}
          rowKey={(w) => w.id}
          emptyMessage={search.trim() && all?.length ? M.noMatch : M.empty}
          onRowClick={(w) => setLog(w)}
          actions={(w) => (
            <>
              <RowAction label={`${M.deliveriesTitle} ${w.url}`} icon={History} onClick={() => setLog(w)} />
              <RowAction label={`${M.edit} ${w.url}`} icon={Pencil} onClick={() => setEditing(w)} />
              <RowAction
                label={`${w.actif ? M.disable : M.enable} ${w.url}`}
                icon={w.actif ? PowerOff : Power}
                onClick={() => void toggle(w)}
              />
              <RowAction label={`${M.rotate} ${w.url}`} icon={KeyRound} onClick={() => setToRotate(w)} />
              <RowAction label={`${M.delete} ${w.url}`} icon={Trash2} tone="danger" onClick={() => setToDelete(w)} />
            </>
          )}
        />
      )}
      {matching && matching.length > 10 && (
        <div className="mt-4">
          <Pagination
            page={page}
            limit={limit}
            total={matching.length}
            onPageChange={setPage}
            onLimitChange={(l) => {
              setLimit(l);
              setPage(1);
            }}
          />
        </div>
      )}
      {editing !== null && (
        <WebhookFormModal
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={created}
        />
      )}
      {secret !== null && <SecretModal secret={secret} onClose={() => setSecret(null)} />}
      {log !== null && <DeliveriesModal webhook={log} onClose={() => setLog(null)} />}
      <ConfirmDialog
        open={toRotate !== null}
        kind="warning"
        title={M.rotateTitle}
        message={M.rotateConfirm}
        confirmLabel={M.rotate}
        loading={rotate.isPending}
        onConfirm={() => void confirmRotate()}
        onCancel={() => setToRotate(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        kind="danger"
        title={M.deleteTitle}
        message={toDelete ? M.deleteConfirm(toDelete.url) : ''}
        confirmLabel={M.delete}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
