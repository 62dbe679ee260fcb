/**
 * How an imported calendar reads on screen: its address shortened (never its secret part), when it
 * was last read and what came of it.
 */
import { countOf } from '@/shared/text';
import { isApiError } from '@/client/lib/api-client';

/**
 * The address as the owner recognises it, without what makes it secret: the host and the last part
 * of the path ("calendar.google.com/…/basic.ics"); no user name, password, query or fragment, and
 * no path segment but the file name (calendar services put the private token in the path).
 */
export function shortFeedAddress(url: string): string {
  if (!URL.canParse(url)) return 'Calendar address';
  const { host, pathname } = new URL(url);
  const segments = pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (!last) return host;
  const name = last.length > 40 ? `${last.slice(0, 20)}…` : last;
  return segments.length > 1 ? `${host}/…/${name}` : `${host}/${name}`;
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "Last synced just now", "Last synced 5 minutes ago", "Last synced yesterday"; "Not synced yet" before the first read. */
export function lastSyncedText(lastSyncedAt: string | null, now = Date.now()): string {
  if (!lastSyncedAt) return 'Not synced yet';
  const time = Date.parse(lastSyncedAt);
  if (Number.isNaN(time)) return 'Not synced yet';
  if (now - time < 45_000) return 'Last synced just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  let value = (time - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return `Last synced ${format.format(Math.round(value), unit)}`;
    value /= size;
  }
  return 'Last synced a long time ago';
}

const EVENTS = { one: 'event', other: 'events' } as const;

/** "1 event imported", "12 events imported", with "(2 skipped: not readable)" when events could not be understood. */
export function eventsImportedText(eventsImported: number, eventsSkipped: number): string {
  const imported = `${countOf(eventsImported, EVENTS)} imported`;
  return eventsSkipped > 0 ? `${imported} (${countOf(eventsSkipped, EVENTS)} skipped: they could not be read)` : imported;
}

/**
 * What to tell the owner when a request about their calendars failed: the server's own message for
 * a 4xx (a 409 "at most 5 calendars", a 429 "too many requests"), else `fallback`.
 */
export function requestErrorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    if (error.status === 429) return error.serverMessage ?? 'Too many syncs in a short time. Please wait a minute and try again.';
    return error.serverMessage ?? fallback;
  }
  return fallback;
}
