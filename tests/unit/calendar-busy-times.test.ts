/**
 * The busy times of an iCalendar feed (src/server/calendar-imports/busy-times.ts) in the cases the
 * API tests do not serve: a cancelled occurrence, an override without its series, floating times,
 * a TZID the feed does not define, an all-day event without an end, an instant event, a rule that
 * would never end, and text that is not a calendar or is cut off.
 */
import { describe, expect, it } from 'vitest';
import { busyTimesOfFeed, NotICalendarError } from '../../src/server/calendar-imports/busy-times';

/** A year four or more ahead, not a leap year (the daily rule below counts 364 days of it). */
const YEAR = (() => {
  let year = new Date().getUTCFullYear() + 4;
  while (new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1) year += 1;
  return year;
})();
const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const window = { from: new Date(`${YEAR}-01-01T00:00:00Z`), to: new Date(`${YEAR}-12-31T00:00:00Z`), timeZone: 'America/Chicago' };
const iso = (feed: string) => busyTimesOfFeed(feed, window).busy.map((item) => `${item.start.toISOString()} ${item.end.toISOString()}`);

describe('busy times of a feed', () => {
  it('leaves out an occurrence cancelled by its override', () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:s',
      `DTSTART:${YEAR}0107T150000Z`,
      `DTEND:${YEAR}0107T160000Z`,
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:s',
      `RECURRENCE-ID:${YEAR}0114T150000Z`,
      `DTSTART:${YEAR}0114T150000Z`,
      `DTEND:${YEAR}0114T160000Z`,
      'STATUS:CANCELLED',
      'END:VEVENT',
    );
    expect(iso(feed)).toEqual([
      `${YEAR}-01-07T15:00:00.000Z ${YEAR}-01-07T16:00:00.000Z`,
      `${YEAR}-01-21T15:00:00.000Z ${YEAR}-01-21T16:00:00.000Z`,
    ]);
  });

  it('keeps an override whose series is not in the feed as an event of its own', () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:o',
      `RECURRENCE-ID:${YEAR}0301T150000Z`,
      `DTSTART:${YEAR}0301T170000Z`,
      `DTEND:${YEAR}0301T180000Z`,
      'END:VEVENT',
    );
    expect(iso(feed)).toEqual([`${YEAR}-03-01T17:00:00.000Z ${YEAR}-03-01T18:00:00.000Z`]);
  });

  it('counts floating times in the listing’s zone, and an undefined IANA TZID in that zone', () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:f',
      `DTSTART:${YEAR}0701T090000`,
      `DTEND:${YEAR}0701T100000`,
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:z',
      `DTSTART;TZID=Europe/Paris:${YEAR}0701T090000`,
      `DTEND;TZID=Europe/Paris:${YEAR}0701T100000`,
      'END:VEVENT',
    );
    // Chicago is UTC-5 in July, Paris UTC+2.
    expect(iso(feed)).toEqual([
      `${YEAR}-07-01T07:00:00.000Z ${YEAR}-07-01T08:00:00.000Z`,
      `${YEAR}-07-01T14:00:00.000Z ${YEAR}-07-01T15:00:00.000Z`,
    ]);
  });

  it('takes an all-day event without an end as its local day; an instant event takes no time', () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:a',
      `DTSTART;VALUE=DATE:${YEAR}0102`,
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:i',
      `DTSTART:${YEAR}0103T150000Z`,
      'END:VEVENT',
    );
    expect(iso(feed)).toEqual([`${YEAR}-01-02T06:00:00.000Z ${YEAR}-01-03T06:00:00.000Z`]);
  });

  it('stops a rule that never ends at the window, and one every minute at a bound', () => {
    const daily = calendar(
      'BEGIN:VEVENT',
      'UID:d',
      `DTSTART:${YEAR}0101T150000Z`,
      `DTEND:${YEAR}0101T160000Z`,
      'RRULE:FREQ=DAILY',
      'END:VEVENT',
    );
    expect(iso(daily)).toHaveLength(364);
    const minutely = calendar('BEGIN:VEVENT', 'UID:m', `DTSTART:${YEAR}0101T150000Z`, 'DURATION:PT1M', 'RRULE:FREQ=MINUTELY', 'END:VEVENT');
    expect(iso(minutely).length).toBeLessThanOrEqual(5000);
  });

  it('refuses text that is not a calendar, and a cut-off one (its previous busy times are kept rather than half replaced)', () => {
    expect(() => busyTimesOfFeed('<!doctype html><p>Sign in</p>', window)).toThrow(NotICalendarError);
    expect(() => busyTimesOfFeed('', window)).toThrow(NotICalendarError);
    const cut = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', `DTSTART:${YEAR}0101T150000Z`].join('\r\n');
    expect(() => busyTimesOfFeed(cut, window)).toThrow(NotICalendarError);
  });
});
