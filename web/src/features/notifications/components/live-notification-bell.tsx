import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type BellNotification, NotificationBell } from '../../../components/layout/notification-bell';
import { interventionPath, paths } from '../../../lib/paths';
import { useNotificationStream } from '../api/notification-stream';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from '../api/notifications';

const LATEST = { page: 1, limit: 8 };

/** The bell fed by the API: live count (server-sent events, polling while the stream is down), latest items. */
export function LiveNotificationBell() {
  const navigate = useNavigate();
  const { live } = useNotificationStream();
  const unread = useUnreadCount(!live);
  // The latest items once the bell has been opened (issue 30 item 10: one read less, and its render, on every page's
  // load; the stream's count invalidated it at start, so it was read twice).
  const [opened, setOpened] = useState(false);
  const latest = useNotifications(LATEST, opened);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const byId = new Map((latest.data?.data ?? []).map((n) => [n.id, n]));

  const open = (item: BellNotification) => {
    const n = byId.get(item.id);
    if (!item.read) markRead.mutate(item.id);
    if (n?.interventionId) void navigate(interventionPath(n.interventionId));
    else void navigate(paths.notifications);
  };

  return (
    <NotificationBell
      items={latest.data?.data ?? []}
      unread={unread.data ?? 0}
      loading={latest.isPending}
      onOpen={open}
      onMarkAllRead={() => markAll.mutate()}
      seeAllHref={paths.notifications}
      onOpened={() => setOpened(true)}
    />
  );
}
