import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@/shared/schemas/bookings';
import type { Reschedule } from '@/shared/schemas/reschedules';
import { api } from '@/client/lib/api-client';
import { getRescheduleRequestsQueryOptions } from './get-reschedule-requests';

/** POST /api/bookings/:id/reschedule/accept|decline: the owner answers a renter's request to move a booking. */
export function answerReschedule(bookingId: string, answer: 'accept' | 'decline'): Promise<Booking & { reschedule: Reschedule }> {
  return api.post<Booking & { reschedule: Reschedule }>(`/api/bookings/${encodeURIComponent(bookingId)}/reschedule/${answer}`);
}

/** Answers a request and refreshes the owner's requests (and, through `onChanged`, their bookings). */
export function useAnswerReschedule(userId: string, onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { bookingId: string; answer: 'accept' | 'decline' }) => answerReschedule(input.bookingId, input.answer),
    onSettled: () => {
      onChanged();
      return queryClient.invalidateQueries({ queryKey: getRescheduleRequestsQueryOptions(userId).queryKey });
    },
  });
}
