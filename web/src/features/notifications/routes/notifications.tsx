import {
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '@gmao/domain/notifications/notification-schemas';
import { AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { inputClass } from '../../../components/ui/form-field';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { Pagination } from '../../../components/ui/pagination';
import { RelativeTime } from '../../../components/ui/relative-time';
import { interventionPath } from '../../../lib/paths';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';

const ICONS = {
  urgent: <AlertTriangle className="h-5 w-5 text-red-600" aria-hidden="true" />,
  success: <CheckCircle2 className="h-5 w-5 text-green-600" aria-hidden="true" />,
  info: <Info className="h-5 w-5 text-blue-600" aria-hidden="true" />,
};

/** /notifications: every notification of the user, newest first, with paging and the unread / type filters. */
export default function NotificationsRoute() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(NOTIFICATION_PAGE_SIZE);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [type, setType] = useState<NotificationType | ''>('');
  const query = useNotifications({ page, limit, unread: unreadOnly || undefined, type: type || undefined });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const rows = query.data?.data ?? [];
  const total = query.data?.pagination.total ?? 0;

  return (
    <section>
      <PageHeader
        title={M.title}
        description="Ce qui vous concerne : affectations, changements de statut, validations, retards et messages."
        actions={
          <Button variant="secondary" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            {M.markAllRead}
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={unreadOnly}
            onChange={(e) => {
              setUnreadOnly(e.target.checked);
              setPage(1);
            }}
          />
          {M.filterUnread}
        </label>
        <label className="flex items-center gap-2 text-sm">
          {M.filterType}
          <select
            className={`${inputClass()} w-auto`}
            value={type}
            onChange={(e) => {
              setType(e.target.value as NotificationType | '');
              setPage(1);
            }}
          >
            <option value="">{M.allTypes}</option>
            {NOTIFICATION_TYPES.map((t) => (
              <option key={t} value={t}>
                {M.typeLabels[t]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isError ? (
        <LoadErrorState
          description="Les notifications n'ont pas pu être chargées."
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <ul aria-busy="true" aria-label={M.title} className="space-y-2">
          {['a', 'b', 'c', 'd', 'e'].map((k) => (
            <li key={k} className="h-20 animate-pulse rounded-xl bg-slate-100" />
          ))}
        </ul>
      ) : rows.length === 0 ? (
        <EmptyState headingLevel={2} title={unreadOnly ? M.emptyUnread : M.empty} />
      ) : (
        <ul aria-label={M.title} className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {rows.map((n) => (
            <li key={n.id} className={`flex gap-3 p-4 ${n.read ? '' : 'bg-blue-50/50'}`}>
              <span className="mt-0.5">{ICONS[n.type]}</span>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {n.title}
                  {!n.read && <span className="sr-only"> (non lue)</span>}
                </p>
                <p className="text-sm text-slate-600">{n.message}</p>
                <p className="mt-1 text-xs text-slate-500">
                  <RelativeTime value={n.time} />
                  {n.actor ? ` · ${n.actor}` : ''}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                {n.interventionId !== null && (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      if (!n.read) markRead.mutate(n.id);
                      void navigate(interventionPath(n.interventionId as number));
                    }}
                  >
                    Ouvrir
                  </Button>
                )}
                {!n.read && (
                  <Button variant="ghost" onClick={() => markRead.mutate(n.id)}>
                    {M.markRead}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        limit={limit}
        total={total}
        onPageChange={setPage}
        onLimitChange={(l) => {
          setLimit(l);
          setPage(1);
        }}
      />
    </section>
  );
}
