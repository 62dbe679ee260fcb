import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api-client';
import { calendarEventsKey } from './get-calendar-events';

/** DELETE /api/spaces/:id/blocked-dates/:blockedId: opens those dates again. */
export function unblockDates(spaceId: string, blockedId: string): Promise<void> {
  return api.delete<void>(`/api/spaces/${encodeURIComponent(spaceId)}/blocked-dates/${encodeURIComponent(blockedId)}`);
}

/** Removes one blocked range and refreshes the calendar and that space's page. */
export function useUnblockDates(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ spaceId, blockedId }: { spaceId: string; blockedId: string }) => unblockDates(spaceId, blockedId),
    onSettled: (_data, _error, { spaceId }) => {
      void queryClient.invalidateQueries({ queryKey: calendarEventsKey(userId) });
      void queryClient.invalidateQueries({ queryKey: ['spaces', 'detail', spaceId] });
    },
  });
}
