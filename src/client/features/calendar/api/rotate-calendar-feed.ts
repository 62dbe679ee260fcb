import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@/shared/schemas/calendar';
import { api } from '@/client/lib/api-client';
import { getCalendarFeedQueryOptions } from './get-calendar-feed';

/** POST /api/users/:id/calendar-feed: a new feed address; the old one stops working (404). */
export function rotateCalendarFeed(userId: string): Promise<CalendarFeed> {
  return api.post<CalendarFeed>(`/api/users/${encodeURIComponent(userId)}/calendar-feed`);
}

/** Rotates the feed and keeps its answer (with the new URL) as the feed's data: asking again could not show the URL. */
export function useRotateCalendarFeed(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateCalendarFeed(userId),
    onSuccess: (feed) => queryClient.setQueryData(getCalendarFeedQueryOptions(userId).queryKey, feed),
  });
}
