import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking, CancellationQuote } from '@/shared/schemas/bookings';
import { api } from '@/client/lib/api-client';
import { getUserBookingsQueryOptions } from './get-user-bookings';

/** GET /api/bookings/:id/cancellation: what cancelling now would refund (the listing's policy, or in full for the owner). */
export function getCancellationQuote(bookingId: string, signal?: AbortSignal): Promise<CancellationQuote> {
  return api.get<CancellationQuote>(`/api/bookings/${encodeURIComponent(bookingId)}/cancellation`, { signal });
}

/** The quote is asked for each time the dialog opens: it changes with the clock. */
export function useCancellationQuote(bookingId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: ['bookings', bookingId, 'cancellation'],
      queryFn: ({ signal }) => getCancellationQuote(bookingId, signal),
    }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** PUT /api/bookings/:id/cancel: cancels a confirmed booking; the answer carries the refund decided. 409 when it has ended or changed. */
export function cancelBooking(input: { bookingId: string; userId: string }): Promise<Booking> {
  return api.put<Booking>(`/api/bookings/${encodeURIComponent(input.bookingId)}/cancel`, { userId: input.userId });
}

/** Cancels a booking and refreshes the user's bookings. */
export function useCancelBooking(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => cancelBooking({ bookingId, userId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getUserBookingsQueryOptions(userId).queryKey }),
  });
}
