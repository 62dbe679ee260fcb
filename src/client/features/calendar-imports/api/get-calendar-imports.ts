import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarImport } from '@/shared/schemas/calendar-imports';
import { api } from '@/client/lib/api-client';

/** GET /api/spaces/:id/calendar-imports: the calendars the owner imported into the space, oldest first. */
export function getCalendarImports(spaceId: string, signal?: AbortSignal): Promise<CalendarImport[]> {
  return api.get<CalendarImport[]>(`/api/spaces/${encodeURIComponent(spaceId)}/calendar-imports`, { signal });
}

/** The key of one space's imported calendars. */
export const calendarImportsKey = (spaceId: string) => ['spaces', spaceId, 'calendar-imports'] as const;

/** Query options of one space's imported calendars. */
export function getCalendarImportsQueryOptions(spaceId: string) {
  return queryOptions({
    queryKey: calendarImportsKey(spaceId),
    queryFn: ({ signal }) => getCalendarImports(spaceId, signal),
  });
}

/** The space's imported calendars (owner only). */
export function useCalendarImports(spaceId: string) {
  return useQuery(getCalendarImportsQueryOptions(spaceId));
}
