/**
 * Calendar feeds (docs/api.md): what `GET` and `POST /api/users/{id}/calendar-feed` answer, and the
 * token a feed's URL carries.
 */
import { z } from 'zod';

/**
 * A user's private feed. `url` is the absolute address calendar apps subscribe to
 * (`<PUBLIC_URL>/calendar/<token>.ics`), given only when the token is made (the first GET, or a
 * POST that rotates it): the server keeps the token's hash, not the token, so it cannot show it
 * again; later GETs answer `url: null`. Instants ISO-8601 UTC.
 */
export const calendarFeedSchema = z.object({
  url: z.string().nullable(),
  createdAt: z.string(),
  rotatedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** A feed token as its URL carries it: 32 random bytes in base64url, 43 characters. */
export const calendarFeedTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This is not a calendar feed address');
