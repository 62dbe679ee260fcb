import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reschedule } from '@/shared/schemas/reschedules';
import { api } from '@/client/lib/api-client';

/** GET /api/bookings/:id/reschedules: the booking's changes, made, asked, declined or withdrawn, newest first. */
export function getReschedules(bookingId: string, signal?: AbortSignal): Promise<Reschedule[]> {
  return api.get<Reschedule[]>(`/api/bookings/${encodeURIComponent(bookingId)}/reschedules`, { signal });
}

export function getReschedulesQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: ['bookings', bookingId, 'reschedules'],
    queryFn: ({ signal }) => getReschedules(bookingId, signal),
  });
}

/** The booking's changes; asked only where a change can wait for the owner (a request-to-book listing). */
export function useReschedules(bookingId: string, enabled: boolean) {
  return useQuery({ ...getReschedulesQueryOptions(bookingId), enabled });
}
