import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarImport, CalendarImportInput } from '@/shared/schemas/calendar-imports';
import { api } from '@/client/lib/api-client';
import { calendarImportsKey } from './get-calendar-imports';

/** POST /api/spaces/:id/calendar-imports: imports a calendar by its address; 409 when the space has 5 already. */
export function addCalendarImport(spaceId: string, input: CalendarImportInput): Promise<CalendarImport> {
  return api.post<CalendarImport>(`/api/spaces/${encodeURIComponent(spaceId)}/calendar-imports`, input);
}

/** Adds a calendar to the space and puts it at the end of the space's list. */
export function useAddCalendarImport(spaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CalendarImportInput) => addCalendarImport(spaceId, input),
    onSuccess: (added) => {
      queryClient.setQueryData<CalendarImport[]>(calendarImportsKey(spaceId), (list) => (list ? [...list, added] : [added]));
      void queryClient.invalidateQueries({ queryKey: calendarImportsKey(spaceId) });
    },
  });
}
