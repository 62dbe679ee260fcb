import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerBooking } from '@/shared/schemas/bookings';
import { api } from '@/client/lib/api-client';

/** GET /api/users/:id/booking-requests: the owner's pending requests, each with its space and renter (docs/product.md#api-calls). */
export function getBookingRequests(userId: string, signal?: AbortSignal): Promise<OwnerBooking[]> {
  return api.get<OwnerBooking[]>(`/api/users/${encodeURIComponent(userId)}/booking-requests`, { signal });
}

export function getBookingRequestsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'booking-requests'],
    queryFn: ({ signal }) => getBookingRequests(userId, signal),
  });
}

export function useBookingRequests(userId: string | undefined) {
  return useQuery({ ...getBookingRequestsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
