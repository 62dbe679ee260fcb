import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarConflict, CalendarConflictAction } from '@/shared/schemas/calendar-imports';
import { api } from '@/client/lib/api-client';
import { calendarConflictsKey } from './get-calendar-conflicts';

/**
 * POST /api/calendar-conflicts/:id: `keep` the booking (the busy time is ignored for it) or
 * `cancel_booking` as the owner (full refund, the renter told); 409 when already decided or when the
 * booking cannot be cancelled so (a request is declined instead), with the server's words.
 */
export function resolveCalendarConflict(conflictId: string, action: CalendarConflictAction): Promise<CalendarConflict> {
  return api.post<CalendarConflict>(`/api/calendar-conflicts/${encodeURIComponent(conflictId)}`, { action });
}

/**
 * Decides one of the owner's conflicts: it leaves the inbox, and the owner's calendar, booking lists
 * and the space's availability are refreshed (a cancelled booking frees its time).
 */
export function useResolveCalendarConflict(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conflict, action }: { conflict: CalendarConflict; action: CalendarConflictAction }) =>
      resolveCalendarConflict(conflict.id, action),
    onSuccess: (_decided, { conflict, action }) => {
      queryClient.setQueryData<CalendarConflict[]>(calendarConflictsKey(userId), (list) =>
        // A cancelled booking closes every open conflict of it.
        list?.filter((item) => item.id !== conflict.id && (action === 'keep' || item.booking.id !== conflict.booking.id)),
      );
      void queryClient.invalidateQueries({ queryKey: calendarConflictsKey(userId) });
      for (const list of ['calendar-events', 'space-bookings', 'booking-requests'] as const) {
        void queryClient.invalidateQueries({ queryKey: ['users', userId, list] });
      }
      void queryClient.invalidateQueries({ queryKey: ['spaces', conflict.spaceId, 'availability'] });
    },
  });
}
