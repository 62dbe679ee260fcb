import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StandingBooking } from '@/shared/schemas/standing-bookings';
import { api } from '@/client/lib/api-client';

/** GET /api/users/:id/standing-bookings: the user's own, as renter or owner, newest first. */
export function getStandingBookings(userId: string, signal?: AbortSignal): Promise<StandingBooking[]> {
  return api.get<StandingBooking[]>(`/api/users/${encodeURIComponent(userId)}/standing-bookings`, { signal });
}

export function getStandingBookingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'standing-bookings'],
    queryFn: ({ signal }) => getStandingBookings(userId, signal),
  });
}

export function useStandingBookings(userId: string) {
  return useQuery(getStandingBookingsQueryOptions(userId));
}

/** POST /api/standing-bookings/:id/end: either side gives notice; answers the standing booking, `ending` with its `endsOn`. */
export function endStandingBooking(id: string): Promise<StandingBooking> {
  return api.post<StandingBooking>(`/api/standing-bookings/${encodeURIComponent(id)}/end`);
}

/** Gives notice; the user's standing bookings and bookings are read again after. */
export function useEndStandingBooking(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endStandingBooking,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['users', userId] });
    },
  });
}
