import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkReadResult, Message } from '@/shared/schemas/messages';
import { api } from '@/client/lib/api-client';
import { getConversationMessagesQueryOptions } from './get-conversation-messages';
import { getConversationsQueryOptions } from './get-conversations';
import { getUnreadCountQueryOptions } from './get-unread-count';

/** PUT /api/conversations/:conversationId/read: marks read what the session user received there. */
export function markConversationRead(conversationId: string): Promise<MarkReadResult> {
  return api.put<MarkReadResult>(`/api/conversations/${encodeURIComponent(conversationId)}/read`);
}

/** Marks a conversation read for `userId` and updates the thread, the list and the unread badge. */
export function useMarkConversationRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (result) => {
      queryClient.setQueryData(getConversationMessagesQueryOptions(result.conversationId).queryKey, (thread: Message[] | undefined) =>
        thread?.map((message) => (message.receiverId === userId && !message.readAt ? { ...message, readAt: result.readAt } : message)),
      );
      void queryClient.invalidateQueries({ queryKey: getConversationsQueryOptions(userId).queryKey });
      void queryClient.invalidateQueries({ queryKey: getUnreadCountQueryOptions(userId).queryKey });
    },
  });
}
