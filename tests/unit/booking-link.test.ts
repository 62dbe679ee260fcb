/**
 * The address a booking notification or email links to (src/shared/booking-notices.ts): built by
 * the server, read by the profile page, so both sides agree on it.
 */
import { describe, expect, it } from 'vitest';
import { bookingLink, readBookingLink } from '../../src/shared/booking-notices';

const BOOKING = '3f2b6c1e-9a0d-4c1b-8f5e-2d7a9b0c1e2f';

describe('bookingLink', () => {
  it("opens the profile's Bookings tab on the booking, with the answer an owner's link offers", () => {
    expect(bookingLink(BOOKING)).toBe(`/profile?tab=bookings&booking=${BOOKING}`);
    expect(bookingLink(BOOKING, 'accept')).toBe(`/profile?tab=bookings&booking=${BOOKING}&answer=accept`);
    expect(bookingLink(BOOKING, 'decline')).toBe(`/profile?tab=bookings&booking=${BOOKING}&answer=decline`);
  });

  it('is read back as it was built', () => {
    expect(readBookingLink(new URL(bookingLink(BOOKING), 'https://x.test').search)).toEqual({ bookingId: BOOKING, answer: null });
    expect(readBookingLink(new URL(bookingLink(BOOKING, 'decline'), 'https://x.test').search)).toEqual({
      bookingId: BOOKING,
      answer: 'decline',
    });
  });
});

describe('readBookingLink', () => {
  it('names no booking without one, and ignores an answer it does not know', () => {
    expect(readBookingLink('?tab=bookings')).toBeNull();
    expect(readBookingLink('?tab=bookings&booking=%20')).toBeNull();
    expect(readBookingLink(`?booking=${BOOKING}&answer=cancel`)).toEqual({ bookingId: BOOKING, answer: null });
  });
});
