import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Message } from '@/shared/schemas/messages';
import { api } from '@/client/lib/api-client';

/** GET /api/conversations/:conversationId/messages: the thread, oldest first (participants only). */
export function getConversationMessages(conversationId: string, signal?: AbortSignal): Promise<Message[]> {
  return api.get<Message[]>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, { signal });
}

export function getConversationMessagesQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: ['conversations', conversationId, 'messages'],
    queryFn: ({ signal }) => getConversationMessages(conversationId, signal),
  });
}

export function useConversationMessages(conversationId: string | null) {
  return useQuery({ ...getConversationMessagesQueryOptions(conversationId ?? ''), enabled: Boolean(conversationId) });
}
