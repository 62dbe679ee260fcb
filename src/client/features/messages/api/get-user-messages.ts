import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Message } from '@/shared/schemas/messages';
import { api } from '@/client/lib/api-client';

/** GET /api/users/:id/messages: messages the user sent or received, newest first. */
export function getUserMessages(userId: string, limit?: number, signal?: AbortSignal): Promise<Message[]> {
  return api.get<Message[]>(`/api/users/${encodeURIComponent(userId)}/messages`, { params: { limit }, signal });
}

export function getUserMessagesQueryOptions(userId: string, limit?: number) {
  return queryOptions({
    queryKey: ['users', userId, 'messages', { limit }],
    queryFn: ({ signal }) => getUserMessages(userId, limit, signal),
  });
}

export function useUserMessages(userId: string | undefined, limit?: number) {
  return useQuery({ ...getUserMessagesQueryOptions(userId ?? '', limit), enabled: Boolean(userId) });
}
