import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RescheduleRequestItem } from '@/shared/schemas/reschedules';
import { api } from '@/client/lib/api-client';

/** GET /api/users/:id/reschedule-requests: renters' requests to move bookings of the owner's spaces, oldest first. */
export function getRescheduleRequests(userId: string, signal?: AbortSignal): Promise<RescheduleRequestItem[]> {
  return api.get<RescheduleRequestItem[]>(`/api/users/${encodeURIComponent(userId)}/reschedule-requests`, { signal });
}

export function getRescheduleRequestsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'reschedule-requests'],
    queryFn: ({ signal }) => getRescheduleRequests(userId, signal),
  });
}

export function useRescheduleRequests(userId: string) {
  return useQuery(getRescheduleRequestsQueryOptions(userId));
}
