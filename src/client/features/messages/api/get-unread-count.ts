import { queryOptions, useQuery } from '@tanstack/react-query';
import { UNREAD_POLL_MS } from '@/shared/constants';
import type { UnreadCount } from '@/shared/schemas/messages';
import { api } from '@/client/lib/api-client';

/** GET /api/users/:id/unread-count: `{ count }` of messages to the user not yet read. */
export function getUnreadCount(userId: string, signal?: AbortSignal): Promise<UnreadCount> {
  return api.get<UnreadCount>(`/api/users/${encodeURIComponent(userId)}/unread-count`, { signal });
}

export function getUnreadCountQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'unread-count'],
    queryFn: ({ signal }) => getUnreadCount(userId, signal),
  });
}

/** The unread count, refreshed every 30 seconds (docs/product.md#behaviour) and after each live message (see the live provider). */
export function useUnreadCount(userId: string | undefined) {
  return useQuery({ ...getUnreadCountQueryOptions(userId ?? ''), enabled: Boolean(userId), refetchInterval: UNREAD_POLL_MS });
}
