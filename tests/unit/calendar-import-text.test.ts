/**
 * How an imported calendar reads to its owner (docs/decisions/038-calendar-import.md): its address
 * shortened without its secret parts, its last sync in words, its events counted, a refusal in the
 * server's words; a conflict's times in the space's own zone.
 */
import { describe, expect, it } from 'vitest';
import {
  eventsImportedText,
  lastSyncedText,
  requestErrorText,
  shortFeedAddress,
} from '../../src/client/features/calendar-imports/lib/feed-text';
import { zonedRangeText } from '../../src/client/features/calendar-imports/lib/conflict-text';
import { ApiRequestError } from '../../src/client/lib/api-client';

describe('shortFeedAddress', () => {
  it('keeps the host and the file name, never the secret path, query or credentials', () => {
    expect(shortFeedAddress('https://calendar.google.com/calendar/ical/abc%40group/private-5f3e9/basic.ics')).toBe(
      'calendar.google.com/…/basic.ics',
    );
    expect(shortFeedAddress('webcal://p42-caldav.icloud.com/published/2/MTIzNDU2Nzg5?token=x')).toBe(
      'p42-caldav.icloud.com/…/MTIzNDU2Nzg5',
    );
    expect(shortFeedAddress('https://user:pass@ehr.example.com/feed.ics?key=secret#x')).toBe('ehr.example.com/feed.ics');
    expect(shortFeedAddress('http://127.0.0.1:5601/')).toBe('127.0.0.1:5601');
  });

  it('cuts a very long file name and says nothing of an address that is not one', () => {
    expect(shortFeedAddress(`https://outlook.office365.com/owa/calendar/${'a'.repeat(64)}/reachcalendar.ics`)).toBe(
      'outlook.office365.com/…/reachcalendar.ics',
    );
    expect(shortFeedAddress(`https://x.example/${'b'.repeat(50)}`)).toBe(`x.example/${'b'.repeat(20)}…`);
    expect(shortFeedAddress('not a url')).toBe('Calendar address');
  });
});

describe('lastSyncedText', () => {
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('says when, in words, counted from now', () => {
    expect(lastSyncedText(null, now)).toBe('Not synced yet');
    expect(lastSyncedText(ago(10_000), now)).toBe('Last synced just now');
    // A server clock slightly ahead of the browser's is still "just now".
    expect(lastSyncedText(ago(-5_000), now)).toBe('Last synced just now');
    expect(lastSyncedText(ago(5 * 60_000), now)).toBe('Last synced 5 minutes ago');
    expect(lastSyncedText(ago(3 * 3_600_000), now)).toBe('Last synced 3 hours ago');
    expect(lastSyncedText(ago(26 * 3_600_000), now)).toBe('Last synced yesterday');
  });
});

describe('eventsImportedText', () => {
  it('counts the events, and those that could not be read', () => {
    expect(eventsImportedText(1, 0)).toBe('1 event imported');
    expect(eventsImportedText(0, 0)).toBe('0 events imported');
    expect(eventsImportedText(1200, 2)).toBe('1,200 events imported (2 events skipped: they could not be read)');
  });
});

describe('requestErrorText', () => {
  const answer = (status: number, body: unknown) => new ApiRequestError(status, JSON.stringify(body), 'x');

  it('gives the server’s words for a refusal, and the fallback otherwise', () => {
    expect(requestErrorText(answer(409, { message: 'A listing can import at most 5 calendars.' }), 'Try later.')).toBe(
      'A listing can import at most 5 calendars.',
    );
    expect(requestErrorText(answer(429, { message: 'Too many requests, retry in 30 s.' }), 'Try later.')).toBe(
      'Too many requests, retry in 30 s.',
    );
    expect(requestErrorText(new ApiRequestError(429, '', 'Too Many Requests'), 'Try later.')).toMatch(/^Too many syncs/);
    expect(requestErrorText(answer(500, { message: 'Internal' }), 'Try later.')).toBe('Try later.');
    expect(requestErrorText(new TypeError('Failed to fetch'), 'Try later.')).toBe('Try later.');
  });
});

describe('zonedRangeText', () => {
  // Intl separates the range with thin spaces around the dash; read as plain spaces here.
  const plain = (text: string) => text.replaceAll(/\s/g, ' ');

  it('reads a range in the space’s zone, not the viewer’s, its zone named', () => {
    expect(plain(zonedRangeText('2026-12-08T15:00:00Z', '2026-12-08T17:00:00Z', 'America/Chicago'))).toBe(
      'Tue, Dec 8, 9:00 – 11:00 AM CST',
    );
    expect(plain(zonedRangeText('2026-12-08T15:00:00Z', '2026-12-08T17:00:00Z', 'America/Los_Angeles'))).toBe(
      'Tue, Dec 8, 7:00 – 9:00 AM PST',
    );
  });

  it('names both days of a range over midnight, and daylight time in summer', () => {
    expect(plain(zonedRangeText('2026-12-08T04:00:00Z', '2026-12-08T08:00:00Z', 'America/Chicago'))).toBe(
      'Mon, Dec 7, 10:00 PM CST – Tue, Dec 8, 2:00 AM CST',
    );
    expect(plain(zonedRangeText('2026-07-07T13:00:00Z', '2026-07-07T17:00:00Z', 'America/New_York'))).toBe(
      'Tue, Jul 7, 9:00 AM – 1:00 PM EDT',
    );
  });

  it('falls back to the instants, or the viewer’s zone, rather than failing', () => {
    expect(zonedRangeText('soon', '2026-12-08T17:00:00Z', 'America/Chicago')).toBe('soon – 2026-12-08T17:00:00Z');
    expect(zonedRangeText('2026-12-08T15:00:00Z', '2026-12-08T17:00:00Z', 'Mars/Olympus')).toMatch(/^Tue, Dec 8, /);
  });
});
