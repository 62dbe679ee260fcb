/**
 * A listing's imported calendars (docs/decisions/038-calendar-import.md): the owner adds an external
 * calendar's secret address (Google, Outlook, Apple, practice software) and a name; its busy times
 * block the listing. Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
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
