import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingLinkAnswer } from '@/shared/booking-notices';
import type { Booking } from '@/shared/schemas/bookings';
import { api } from '@/client/lib/api-client';
import { getBookingRequestsQueryOptions } from './get-booking-requests';
import { getSpaceBookingsQueryOptions } from './get-space-bookings';

/** An owner's answer to a request: the same two an emailed request link offers. */
export type BookingAnswer = BookingLinkAnswer;

/**
 * PUT /api/bookings/:id/accept | decline (docs/product.md#api-calls, with `userId`): the
 * owner answers a pending request; accept captures the card, decline releases it.
 * 409 when it was answered or expired meanwhile.
 */
export function answerBookingRequest(input: { bookingId: string; userId: string; answer: BookingAnswer }): Promise<Booking> {
  return api.put<Booking>(`/api/bookings/${encodeURIComponent(input.bookingId)}/${input.answer}`, { userId: input.userId });
}

/** Answers a request and refreshes the owner's incoming requests and the bookings of their spaces (an accepted request joins them). */
export function useAnswerBookingRequest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { bookingId: string; answer: BookingAnswer }) => answerBookingRequest({ ...input, userId }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getBookingRequestsQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getSpaceBookingsQueryOptions(userId).queryKey }),
      ]),
  });
}
