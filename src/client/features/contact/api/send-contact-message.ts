import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput, ContactReceipt } from '@/shared/schemas/contact';
import { api } from '@/client/lib/api-client';

/** POST /api/contact (201): stores the message for the team; 400 names the bad field, 429 past the hourly limit. */
export function sendContactMessage(input: ContactMessageInput): Promise<ContactReceipt> {
  return api.post<ContactReceipt>('/api/contact', input);
}

/** Sends a contact message; the form shows what happened. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
