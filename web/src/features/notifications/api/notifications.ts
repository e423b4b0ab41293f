import { NOTIFICATION_MESSAGES } from '@gmao/domain/notifications/notification-messages';
import type {
  AppNotification,
  NotificationListQuery,
  NotificationPreference,
} from '@gmao/domain/notifications/notification-schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope, type ListEnvelope } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { notificationKeys } from './query-keys';

export type NotificationFilters = Partial<Pick<NotificationListQuery, 'unread' | 'type'>> & {
  page: number;
  limit: number;
};

export function getNotifications(query: NotificationFilters) {
  return api.get<ListEnvelope<AppNotification>>('/notifications', { query, silent: true });
}

export function useNotifications(query: NotificationFilters, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: () => getNotifications(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The bell's count; `poll` when the live stream is down (fallback: every 30 s). */
export function useUnreadCount(poll: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: async () =>
      (await api.get<Envelope<{ unread: number }>>('/notifications/unread-count', { silent: true })).data.unread,
    refetchInterval: poll ? 30_000 : false,
  });
}

function useNotificationMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useMarkRead = () =>
  useNotificationMutation((id: number) => api.put<Envelope<null>>(`/notifications/${id}/read`, undefined));
export const useMarkAllRead = () =>
  useNotificationMutation((_: void) => api.put<Envelope<{ updated: number }>>('/notifications/read-all', undefined));

export function usePreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: async () =>
      (await api.get<Envelope<NotificationPreference[]>>('/notifications/preferences', { silent: true })).data,
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreference[]) =>
      api.put<Envelope<NotificationPreference[]>>('/notifications/preferences', { preferences }, { silent: true }),
    onSuccess: (res) => {
      queryClient.setQueryData(notificationKeys.preferences(), res.data);
      notify.success(NOTIFICATION_MESSAGES.preferencesSaved);
    },
    onError: () => notify.error(NOTIFICATION_MESSAGES.preferencesError),
  });
}
