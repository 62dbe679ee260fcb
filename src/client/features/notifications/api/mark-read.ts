import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, UnreadNotifications } from '@/shared/schemas/notifications';
import { api } from '@/client/lib/api-client';
import { getNotificationsQueryOptions } from './get-notifications';

/** PUT /api/notifications/:id/read. */
export function markNotificationRead(id: string): Promise<UnreadNotifications> {
  return api.put<UnreadNotifications>(`/api/notifications/${encodeURIComponent(id)}/read`);
}

/** PUT /api/notifications/read-all. */
export function markAllNotificationsRead(): Promise<UnreadNotifications> {
  return api.put<UnreadNotifications>('/api/notifications/read-all');
}

/** Marks one notification read (or, with `'all'`, every one) and updates the cached list at once. */
export function useMarkNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = getNotificationsQueryOptions(userId);
  return useMutation({
    mutationFn: (id: string | 'all') => (id === 'all' ? markAllNotificationsRead() : markNotificationRead(id)),
    onSuccess: ({ unreadCount }, id) => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData(queryKey, (list: NotificationList | undefined) =>
        list
          ? {
              unreadCount,
              notifications: list.notifications.map((n) => ((id === 'all' || n.id === id) && !n.readAt ? { ...n, readAt } : n)),
            }
          : list,
      );
    },
  });
}
