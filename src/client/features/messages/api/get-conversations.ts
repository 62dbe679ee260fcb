import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@/shared/schemas/messages';
import { api } from '@/client/lib/api-client';

/** GET /api/users/:id/conversations: the user's conversation summaries, most recent first (docs/product.md#data). */
export function getConversations(userId: string, signal?: AbortSignal): Promise<ConversationSummary[]> {
  return api.get<ConversationSummary[]>(`/api/users/${encodeURIComponent(userId)}/conversations`, { signal });
}

export function getConversationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'conversations'],
    queryFn: ({ signal }) => getConversations(userId, signal),
  });
}

export function useConversations(userId: string | undefined) {
  return useQuery({ ...getConversationsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
