import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@/shared/schemas/notifications';
import { api } from '@/client/lib/api-client';

/** GET /api/notifications: the signed-in user's latest notifications, newest first, and the unread count. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return api.get<NotificationList>('/api/notifications', { signal });
}

/** Under `['users', userId]`, so the live socket's reconnect refreshes it with the rest of the user's data. */
export function getNotificationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'notifications'],
    queryFn: ({ signal }) => getNotifications(signal),
  });
}

/** The bell's list and count; refreshed by the `notifications_changed` socket event (see NotificationBell). */
export function useNotifications(userId: string) {
  return useQuery(getNotificationsQueryOptions(userId));
}
