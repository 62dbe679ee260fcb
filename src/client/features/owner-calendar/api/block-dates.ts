import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockedDate } from '@/shared/schemas/schedules';
import type { CreatedBlockedDate } from '@/shared/schemas/availability';
import { api } from '@/client/lib/api-client';
import { calendarEventsKey } from './get-calendar-events';

/** POST /api/spaces/:id/blocked-dates: blocks `range` (end inclusive); the answer counts the bookings inside, which are kept. */
export function blockDates(spaceId: string, range: BlockedDate): Promise<CreatedBlockedDate> {
  return api.post<CreatedBlockedDate>(`/api/spaces/${encodeURIComponent(spaceId)}/blocked-dates`, range);
}

/**
 * Blocks `range` on each of `spaceIds` (one space, or all the owner's), one call each, and
 * refreshes the calendar and those spaces' pages. Resolves with each space's answer.
 */
export function useBlockDates(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ spaceIds, range }: { spaceIds: readonly string[]; range: BlockedDate }) =>
      Promise.all(spaceIds.map((spaceId) => blockDates(spaceId, range))),
    onSettled: (_data, _error, { spaceIds }) => {
      void queryClient.invalidateQueries({ queryKey: calendarEventsKey(userId) });
      for (const spaceId of spaceIds) void queryClient.invalidateQueries({ queryKey: ['spaces', 'detail', spaceId] });
    },
  });
}
