import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, SendMessageInput } from '@/shared/schemas/messages';
import { api } from '@/client/lib/api-client';
import { getConversationMessagesQueryOptions } from './get-conversation-messages';
import { getConversationsQueryOptions } from './get-conversations';

/** POST /api/messages: stores a message from the session user (docs/product.md#api-calls). */
export function sendMessage(input: SendMessageInput): Promise<Message> {
  return api.post<Message>('/api/messages', input);
}

/** Sends a message and refreshes the sender's conversations and that thread. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => {
      void queryClient.invalidateQueries({ queryKey: getConversationsQueryOptions(message.senderId).queryKey });
      void queryClient.invalidateQueries({ queryKey: getConversationMessagesQueryOptions(message.conversationId).queryKey });
    },
  });
}
