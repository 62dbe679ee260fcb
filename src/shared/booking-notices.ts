/**
 * What a booking notification carries for its email (the notification's `data`, written by the
 * bookings feature and read by the email templates), and the words both use for a booking's dates.
 */
import type { PricingPeriod } from './constants';

/** How long a card refund takes to reach the renter (https://docs.stripe.com/refunds#refund-timing-and-status). */
export const REFUND_ARRIVAL = '5-10 business days';

/**
 * What a booking email needs: instants ISO-8601 UTC, amounts in cents, the space's IANA time zone
 * and its pricing period (to show days or hours).
 */
export interface BookingNoticeData {
  bookingId: string;
  spaceId: string;
  spaceTitle: string;
  /** Street, city, state and ZIP code on one line. */
  address: string;
  timeZone: string;
  pricePeriod: PricingPeriod;
  startAt: string;
  endAt: string;
  totalCents: number;
  instantBook: boolean;
  renterId: string;
  ownerId: string;
  renterName: string;
  ownerName: string;
  /** The owner's house rules, shown with the booking (listings have no separate access instructions field). */
  houseRules: string | null;
  /** A pending request's answer deadline. */
  requestExpiresAt: string | null;
  /** The renter's note to the owner. */
  notes: string | null;
  /** Cancellations: who cancelled (null when a full refund made at the payment provider cancelled it), what is refunded and when it arrives. */
  cancelledBy?: 'renter' | 'owner' | null;
  refundCents?: number;
  refundArrival?: string;
  /**
   * A step of a whole recurring series (docs/decisions/026-booking-series.md): how many of its
   * occurrences it concerns and when the last of them starts; `startAt`/`endAt` are the first's and
   * `totalCents` (and `refundCents`) the sum over them; `occurrences` each one, for the calendar file.
   */
  series?: { count: number; lastStartAt: string; occurrences?: { bookingId: string; startAt: string; endAt: string }[] };
}

/** A space's address on one line, as bookings show it: "1 Lake Shore Dr, Chicago, IL 60601". */
export function addressLine(space: { address: string; city: string; state: string; zipCode: string }): string {
  return `${space.address}, ${space.city}, ${space.state} ${space.zipCode}`;
}

/** One instant of a booking for people, in the space's zone: a day for daily and monthly spaces, a time for hourly ones. */
export function describeInstant(instant: string, timeZone: string, period: PricingPeriod): string {
  const hourly = period === 'hourly' || period === 'session';
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(hourly ? { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } : {}),
  }).format(new Date(instant));
}

/**
 * A booking's dates for people ("Thu, Dec 3, 2026 – Sat, Dec 5, 2026"), in the space's zone; for a
 * whole series, the first occurrence's and how it repeats ("..., weekly: 12 bookings until Thu, Jan 7, 2027").
 */
export function describeDates(data: Pick<BookingNoticeData, 'startAt' | 'endAt' | 'timeZone' | 'pricePeriod' | 'series'>): string {
  const first = `${describeInstant(data.startAt, data.timeZone, data.pricePeriod)} – ${describeInstant(data.endAt, data.timeZone, data.pricePeriod)}`;
  if (!data.series || data.series.count < 2) return first;
  return `${first}, weekly: ${data.series.count} bookings until ${describeInstant(data.series.lastStartAt, data.timeZone, 'daily')}`;
}

/** What a link to a pending request asks its reader to do. */
export type BookingLinkAnswer = 'accept' | 'decline';

/**
 * The in-app address of a booking, as notifications and emails link to it:
 * `/profile?tab=bookings&booking=<id>`, plus `&answer=accept|decline` for the owner's Accept and
 * Decline links. Opening it shows that booking and, with an answer, focuses that button: the
 * link itself never answers (mail scanners follow links).
 */
export function bookingLink(bookingId: string, answer?: BookingLinkAnswer): string {
  const query = new URLSearchParams({ tab: 'bookings', booking: bookingId });
  if (answer) query.set('answer', answer);
  return `/profile?${query.toString()}`;
}

/** The booking and answer a query string from {@link bookingLink} names (`?tab=bookings&booking=...`), or null. */
export function readBookingLink(search: string): { bookingId: string; answer: BookingLinkAnswer | null } | null {
  const query = new URLSearchParams(search);
  const bookingId = query.get('booking')?.trim();
  if (!bookingId) return null;
  const answer = query.get('answer');
  return { bookingId, answer: answer === 'accept' || answer === 'decline' ? answer : null };
}
