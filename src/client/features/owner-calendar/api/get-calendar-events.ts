import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarEvents, CalendarEventsQuery } from '@/shared/schemas/availability';
import { api } from '@/client/lib/api-client';

/** GET /api/users/:id/calendar-events: the owner's spaces, their bookings and blocked dates from `from` to `to` (inclusive). */
export function getCalendarEvents(userId: string, range: CalendarEventsQuery, signal?: AbortSignal): Promise<CalendarEvents> {
  const query = new URLSearchParams(range);
  return api.get<CalendarEvents>(`/api/users/${encodeURIComponent(userId)}/calendar-events?${query}`, { signal });
}

/** The key of every range of the owner's calendar: invalidated whole when blocked dates change. */
export const calendarEventsKey = (userId: string) => ['users', userId, 'calendar-events'] as const;

export function getCalendarEventsQueryOptions(userId: string, range: CalendarEventsQuery) {
  return queryOptions({
    queryKey: [...calendarEventsKey(userId), range],
    queryFn: ({ signal }) => getCalendarEvents(userId, range, signal),
  });
}

/** The owner's calendar for the range on screen; the last range stays on screen while the next loads. */
export function useCalendarEvents(userId: string, range: CalendarEventsQuery) {
  return useQuery({ ...getCalendarEventsQueryOptions(userId, range), placeholderData: keepPreviousData });
}
