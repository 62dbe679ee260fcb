import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@/shared/schemas/bookings';
import { api } from '@/client/lib/api-client';

/** GET /api/users/:id/bookings: the user's own bookings, each with its space. */
export function getUserBookings(userId: string, signal?: AbortSignal): Promise<Booking[]> {
  return api.get<Booking[]>(`/api/users/${encodeURIComponent(userId)}/bookings`, { signal });
}

export function getUserBookingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'bookings'],
    queryFn: ({ signal }) => getUserBookings(userId, signal),
  });
}

export function useUserBookings(userId: string | undefined) {
  return useQuery({ ...getUserBookingsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
