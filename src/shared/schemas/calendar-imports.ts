/**
 * A listing's imported calendars (docs/decisions/038-calendar-import.md): the owner adds an external
 * calendar's secret address (Google, Outlook, Apple, practice software) and a name; its busy times
 * block the listing. Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { BOOKING_STATUSES } from '../constants';
import { required, textSchema } from './fields';

/** Calendars one listing may import. */
export const MAX_CALENDAR_IMPORTS_PER_SPACE = 5;
export const CALENDAR_IMPORT_NAME_MAX = 80;
export const CALENDAR_IMPORT_URL_MAX = 2000;

/**
 * A feed's address: `https://` or `webcal://` (read over https), without a user name or password;
 * `http://` only when `allowHttp` (the server's tests, with `CALENDAR_IMPORT_ALLOW_LOOPBACK`).
 */
export function calendarImportUrlSchema(allowHttp = false) {
  const schemes = allowHttp ? ['https:', 'webcal:', 'http:'] : ['https:', 'webcal:'];
  return textSchema
    .trim()
    .min(1, 'The calendar address is required')
    .max(CALENDAR_IMPORT_URL_MAX, `At most ${CALENDAR_IMPORT_URL_MAX} characters`)
    .superRefine((value, ctx) => {
      const url = URL.canParse(value) ? new URL(value) : null;
      if (!url || !schemes.includes(url.protocol) || !url.hostname) {
        ctx.addIssue({ code: 'custom', message: 'Use the calendar’s address starting with https:// or webcal://' });
      } else if (url.username || url.password) {
        ctx.addIssue({ code: 'custom', message: 'Use the calendar’s secret address, without a user name or password' });
      }
    });
}

/** POST /api/spaces/{id}/calendar-imports: `{ url, name }`. */
export function calendarImportInputSchemaFor(allowHttp = false) {
  return z.strictObject({
    url: calendarImportUrlSchema(allowHttp),
    name: required('The calendar name', CALENDAR_IMPORT_NAME_MAX),
  });
}
export const calendarImportInputSchema = calendarImportInputSchemaFor();
export type CalendarImportInput = z.infer<typeof calendarImportInputSchema>;

/** One imported calendar as its owner sees it. */
export const calendarImportSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  /** ISO-8601 UTC of the last sync that read the feed (a 304 included); null before the first. */
  lastSyncedAt: z.string().nullable(),
  /** Busy times kept from the last successful read. */
  eventsImported: z.number().int(),
  /** Events of that read skipped because they could not be understood. */
  eventsSkipped: z.number().int(),
  /** Why the last attempt failed, in words; null when it succeeded. */
  lastError: z.string().nullable(),
});
export type CalendarImport = z.infer<typeof calendarImportSchema>;

export const calendarImportListSchema = z.array(calendarImportSchema);

/** What a conflict's owner decided: open until then (docs/decisions/038-calendar-import.md). */
export const CALENDAR_CONFLICT_STATUSES = ['open', 'kept', 'cancelled'] as const;

/**
 * An imported busy time overlapping a booking confirmed, pending or held: the booking, the feed and
 * the busy range (instants ISO-8601 UTC; `timeZone` the space's). Never the source event's details.
 */
export const calendarConflictSchema = z.object({
  id: z.string(),
  status: z.enum(CALENDAR_CONFLICT_STATUSES),
  importId: z.string(),
  importName: z.string(),
  spaceId: z.string(),
  spaceTitle: z.string(),
  timeZone: z.string(),
  busyStartAt: z.string(),
  busyEndAt: z.string(),
  booking: z.object({
    id: z.string(),
    status: z.enum(BOOKING_STATUSES),
    startAt: z.string(),
    endAt: z.string(),
    renterFirstName: z.string(),
  }),
  createdAt: z.string(),
});
export type CalendarConflict = z.infer<typeof calendarConflictSchema>;
export const calendarConflictListSchema = z.array(calendarConflictSchema);

/**
 * POST /api/calendar-conflicts/{id}: `keep` the booking (that busy time is ignored for it from then on)
 * or `cancel_booking` under the owner-cancellation rules (the renter refunded in full and told).
 */
export const calendarConflictActionSchema = z.strictObject({
  action: z.enum(['keep', 'cancel_booking'], { error: 'Choose keep or cancel_booking' }),
});
export type CalendarConflictAction = z.infer<typeof calendarConflictActionSchema>['action'];
