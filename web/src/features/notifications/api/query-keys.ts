import type { NotificationListQuery } from '@gmao/domain/notifications/notification-schemas';
import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the bell, the notifications page and the preferences. */
export const notificationKeys = {
  all: queryRoots.notifications,
  unread: () => [...queryRoots.notifications, 'unread'] as const,
  lists: () => [...queryRoots.notifications, 'list'] as const,
  list: (query: Partial<NotificationListQuery>) => [...queryRoots.notifications, 'list', query] as const,
  preferences: () => [...queryRoots.notifications, 'preferences'] as const,
};
