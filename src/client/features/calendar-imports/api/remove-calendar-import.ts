import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarImport } from '@/shared/schemas/calendar-imports';
import { api } from '@/client/lib/api-client';
import { invalidateAllCalendarConflicts } from './get-calendar-conflicts';
import { calendarImportsKey } from './get-calendar-imports';

/** DELETE /api/spaces/:id/calendar-imports/:importId: the calendar and the busy times read from it. */
export function removeCalendarImport(spaceId: string, importId: string): Promise<void> {
  return api.delete<void>(`/api/spaces/${encodeURIComponent(spaceId)}/calendar-imports/${encodeURIComponent(importId)}`);
}

/** Removes one calendar of the space, takes it off the list and refreshes the space's availability. */
export function useRemoveCalendarImport(spaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => removeCalendarImport(spaceId, importId),
    onSuccess: (_data, importId) => {
      queryClient.setQueryData<CalendarImport[]>(calendarImportsKey(spaceId), (list) => list?.filter((feed) => feed.id !== importId));
      void queryClient.invalidateQueries({ queryKey: ['spaces', spaceId, 'availability'] });
      void invalidateAllCalendarConflicts(queryClient);
    },
  });
}
