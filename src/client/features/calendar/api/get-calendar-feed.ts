import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeed } from '@/shared/schemas/calendar';
import { api } from '@/client/lib/api-client';

/**
 * GET /api/users/:id/calendar-feed: the user's private feed, made on the first call, whose answer
 * alone carries the feed's `url`; later answers have `url: null` (the server keeps only the token's
 * hash). The answer is kept for the session, so the URL stays on screen until the page reloads.
 */
export function getCalendarFeed(userId: string, signal?: AbortSignal): Promise<CalendarFeed> {
  return api.get<CalendarFeed>(`/api/users/${encodeURIComponent(userId)}/calendar-feed`, { signal });
}

export function getCalendarFeedQueryOptions(userId: string) {
  return queryOptions({
    // Not under ['users', userId]: the live connection invalidates that whole prefix when it
    // reconnects, and a second answer (`url: null`) would take the URL off screen.
    queryKey: ['calendar-feed', userId],
    queryFn: ({ signal }) => getCalendarFeed(userId, signal),
  });
}

/** The feed, asked for only once `enabled` (the user asked to see it: asking makes it). */
export function useCalendarFeed(userId: string, enabled: boolean) {
  return useQuery({ ...getCalendarFeedQueryOptions(userId), enabled });
}
