/** A booking's start and end for people (src/client/features/bookings/lib/booking-dates.ts). */
import { describe, expect, it } from 'vitest';
import {
  bookingHasEnded,
  formatBookingInstant,
  shortBookingDay,
  splitUpcomingPast,
} from '../../src/client/features/bookings/lib/booking-dates';
import { shownStatus } from '../../src/shared/booking-lifecycle';

describe('formatBookingInstant', () => {
  it('shows the time of bookings made by the hour or by the session, and only the date of the others', () => {
    expect(formatBookingInstant('2025-03-04T08:00', 'session', 'America/New_York')).toBe('Mar 4, 2025 8:00 AM');
    expect(formatBookingInstant('2025-03-04T13:30', 'hourly', 'America/New_York')).toBe('Mar 4, 2025 1:30 PM');
    expect(formatBookingInstant('2025-03-04', 'daily', 'America/New_York')).toBe('Mar 4, 2025');
  });

  it("reads an instant in the space's zone", () => {
    expect(formatBookingInstant('2025-03-04T13:00:00.000Z', 'session', 'America/New_York')).toBe('Mar 4, 2025 8:00 AM');
  });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A listed booking starting `startsIn` ms from `now` for `lasts` ms (instants, as the lists send them). */
function listed(id: string, now: number, startsIn: number, lasts: number, seriesId: string | null = null) {
  return {
    id,
    seriesId,
    startDate: new Date(now + startsIn).toISOString(),
    endDate: new Date(now + startsIn + lasts).toISOString(),
    space: { timeZone: 'America/New_York' },
  };
}

describe('splitUpcomingPast', () => {
  it('puts what has not ended first, soonest first, and what has ended after, latest first', () => {
    const now = Date.now();
    const list = [
      listed('past-old', now, -30 * DAY, DAY),
      listed('later', now, 9 * DAY, DAY),
      listed('now', now, -HOUR, 2 * HOUR),
      listed('past-recent', now, -3 * DAY, DAY),
      listed('soon', now, 2 * DAY, DAY),
    ];
    const { upcoming, past } = splitUpcomingPast(list, now);
    expect(upcoming.map((booking) => booking.id)).toEqual(['now', 'soon', 'later']);
    expect(past.map((booking) => booking.id)).toEqual(['past-recent', 'past-old']);
  });

  it('keeps a series whole: upcoming while any occurrence is, past once all have ended', () => {
    const now = Date.now();
    const list = [
      listed('a1', now, -7 * DAY, HOUR, 'a'),
      listed('a2', now, 7 * DAY, HOUR, 'a'),
      listed('b1', now, -14 * DAY, HOUR, 'b'),
      listed('b2', now, -7 * DAY, HOUR, 'b'),
    ];
    const { upcoming, past } = splitUpcomingPast(list, now);
    expect(upcoming.map((booking) => booking.id)).toEqual(['a1', 'a2']);
    expect(past.map((booking) => booking.id)).toEqual(['b2', 'b1']);
  });
});

describe('a past stay', () => {
  it('has ended once its end has passed, and a confirmed one shows as completed', () => {
    const now = Date.now();
    const over = listed('over', now, -2 * DAY, DAY);
    const ahead = listed('ahead', now, DAY, DAY);
    expect(bookingHasEnded(over, now)).toBe(true);
    expect(bookingHasEnded(ahead, now)).toBe(false);
    expect(shownStatus('confirmed', bookingHasEnded(over, now))).toBe('completed');
    expect(shownStatus('confirmed', bookingHasEnded(ahead, now))).toBe('confirmed');
    expect(shownStatus('cancelled', true)).toBe('cancelled');
  });
});

describe('shortBookingDay', () => {
  it("names the start day in the space's zone", () => {
    // 03:00 UTC on Wednesday is still Tuesday evening in New York.
    expect(shortBookingDay({ startDate: '2026-12-02T03:00:00.000Z', space: { timeZone: 'America/New_York' } as never })).toBe('Tue, Dec 1');
  });
});
