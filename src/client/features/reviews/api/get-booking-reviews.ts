import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingReviews } from '@/shared/schemas/reviews';
import { api } from '@/client/lib/api-client';

/** GET /api/bookings/:id/reviews: the window, the viewer's review, and the other side's once published. */
export function getBookingReviews(bookingId: string, signal?: AbortSignal): Promise<BookingReviews> {
  return api.get<BookingReviews>(`/api/bookings/${encodeURIComponent(bookingId)}/reviews`, { signal });
}

export function getBookingReviewsQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: ['reviews', 'booking', bookingId],
    queryFn: ({ signal }) => getBookingReviews(bookingId, signal),
  });
}

export function useBookingReviews(bookingId: string) {
  return useQuery(getBookingReviewsQueryOptions(bookingId));
}
