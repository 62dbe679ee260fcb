import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingAccess } from '@/shared/schemas/access';
import { api } from '@/client/lib/api-client';

/** GET /api/bookings/:id/access: how the renter gets in (the door code or instructions once revealed; the owner always). */
export function getBookingAccess(bookingId: string, signal?: AbortSignal): Promise<BookingAccess> {
  return api.get<BookingAccess>(`/api/bookings/${encodeURIComponent(bookingId)}/access`, { signal });
}

export function getBookingAccessQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: ['bookings', bookingId, 'access'],
    queryFn: ({ signal }) => getBookingAccess(bookingId, signal),
  });
}

export function useBookingAccess(bookingId: string) {
  return useQuery(getBookingAccessQueryOptions(bookingId));
}
