import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarImport } from '@/shared/schemas/calendar-imports';
import { api } from '@/client/lib/api-client';
import { invalidateAllCalendarConflicts } from './get-calendar-conflicts';
import { calendarImportsKey } from './get-calendar-imports';

/**
 * POST /api/spaces/:id/calendar-imports/:importId/sync ("Sync now"): answers once the feed is read,
 * with the record after (a feed that could not be read is still 200, with `lastError`); 429 when
 * asked too often.
 */
export function syncCalendarImport(spaceId: string, importId: string): Promise<CalendarImport> {
  return api.post<CalendarImport>(`/api/spaces/${encodeURIComponent(spaceId)}/calendar-imports/${encodeURIComponent(importId)}/sync`);
}

/**
 * Syncs one calendar of the space now, puts the answer in the space's list, and refreshes the
 * space's availability and the owner's calendar conflicts (its busy times may have changed).
 */
export function useSyncCalendarImport(spaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => syncCalendarImport(spaceId, importId),
    onSuccess: (synced) => {
      queryClient.setQueryData<CalendarImport[]>(calendarImportsKey(spaceId), (list) =>
        list?.map((feed) => (feed.id === synced.id ? synced : feed)),
      );
      void queryClient.invalidateQueries({ queryKey: ['spaces', spaceId, 'availability'] });
      void invalidateAllCalendarConflicts(queryClient);
    },
  });
}
