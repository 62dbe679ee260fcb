import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarConflict } from '@/shared/schemas/calendar-imports';
import { api } from '@/client/lib/api-client';

/** GET /api/users/:id/calendar-conflicts: the owner's open conflicts (imported busy times over bookings), newest first. */
export function getCalendarConflicts(userId: string, signal?: AbortSignal): Promise<CalendarConflict[]> {
  return api.get<CalendarConflict[]>(`/api/users/${encodeURIComponent(userId)}/calendar-conflicts`, { signal });
}

/** The key of one owner's open calendar conflicts. */
export const calendarConflictsKey = (userId: string) => ['users', userId, 'calendar-conflicts'] as const;

/** Query options of the owner's open calendar conflicts. */
export function getCalendarConflictsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: calendarConflictsKey(userId),
    queryFn: ({ signal }) => getCalendarConflicts(userId, signal),
  });
}

/** The owner's open calendar conflicts. */
export function useCalendarConflicts(userId: string) {
  return useQuery(getCalendarConflictsQueryOptions(userId));
}

/** Refreshes the conflicts of whoever is signed in (a sync may raise or drop some); the sync does not know the user's id. */
export function invalidateAllCalendarConflicts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === 'users' && queryKey[2] === 'calendar-conflicts' });
}
