import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerBooking } from '@/shared/schemas/bookings';
import { api } from '@/client/lib/api-client';

/** GET /api/users/:id/space-bookings: the confirmed, cancelled and disputed bookings of the owner's spaces, newest first, each with its space and renter. */
export function getSpaceBookings(userId: string, signal?: AbortSignal): Promise<OwnerBooking[]> {
  return api.get<OwnerBooking[]>(`/api/users/${encodeURIComponent(userId)}/space-bookings`, { signal });
}

export function getSpaceBookingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'space-bookings'],
    queryFn: ({ signal }) => getSpaceBookings(userId, signal),
  });
}

export function useSpaceBookings(userId: string | undefined) {
  return useQuery({ ...getSpaceBookingsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
