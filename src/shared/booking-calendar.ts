/**
 * Bookings as iCalendar (RFC 5545), written in one place for every file the app gives out: the
 * confirmation email's attachment, `GET /api/bookings/{id}/calendar.ics` and a user's private feed
 * (docs/api.md). Pure: the text depends only on the bookings and the stamp given, so the server's
 * notifications (its first feature) and its calendar feature both build on it.
 *
 * Each booking is one VEVENT in its space's time zone (`DTSTART;TZID=...`, with a VTIMEZONE per
 * zone), its UID the same in every file (`booking-<id>@clinicshare`, RFC 5545 §3.8.4.7) so that a
 * calendar app holding the emailed event and the feed's keeps one. Written with ical-generator
 * (https://github.com/sebbo2002/ical-generator), never by hand.
 */
import { TZDate } from '@date-fns/tz';
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { BookingStatus } from './constants';

/** The Content-Type of a calendar file (RFC 5545 §8.1). */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** What a booking's event shows. Instants as Date or ISO-8601; `timeZone` the space's IANA zone. */
export interface CalendarBooking {
  bookingId: string;
  status: BookingStatus;
  spaceTitle: string;
  /** Street, city, state and ZIP code on one line (the event's LOCATION). */
  address: string;
  timeZone: string;
  startAt: Date | string;
  endAt: Date | string;
  renterName: string;
  ownerName: string;
  /** The owner's house rules, or null. */
  houseRules: string | null;
  /** The booking in the app, as an absolute URL (the event's URL and the end of its description). */
  url: string;
  /** How many times the booking was moved to another time (docs/decisions/040-rescheduling.md); 0 when left out. */
  reschedules?: number;
}

/** The UID of a booking's event, the same in every file: `booking-<id>@clinicshare`. */
export function bookingEventUid(bookingId: string): string {
  return `booking-${bookingId}@clinicshare`;
}

/**
 * A booking status as an event's STATUS (RFC 5545 §3.8.1.11): a hold or a request waiting for its
 * owner is TENTATIVE, a confirmed booking CONFIRMED, and a cancelled, declined or expired one
 * CANCELLED.
 */
export function eventStatus(status: BookingStatus): ICalEventStatus {
  switch (status) {
    case 'awaiting_payment':
    case 'pending':
      return ICalEventStatus.TENTATIVE;
    case 'confirmed':
      return ICalEventStatus.CONFIRMED;
    case 'cancelled':
    case 'declined':
    case 'expired':
      return ICalEventStatus.CANCELLED;
  }
}

/**
 * The event's SEQUENCE (RFC 5545 §3.8.7.4), which rises with each step of the booking lifecycle
 * (src/shared/booking-lifecycle.ts: a hold or request 0, confirmed 1, ended 2) and with each move
 * to another time (`reschedules`, docs/decisions/040-rescheduling.md), so that a calendar app
 * given the cancelled or moved file after the confirmed one keeps the later.
 */
export function eventSequence(status: BookingStatus, reschedules = 0): number {
  const statusOf = eventStatus(status);
  return (statusOf === ICalEventStatus.TENTATIVE ? 0 : statusOf === ICalEventStatus.CONFIRMED ? 1 : 2) + reschedules;
}

/** Seconds-precision UTC offset of `timeZone` at `instant`, as iCalendar writes it ("-0600"). */
function utcOffset(timeZone: string, instant: Date): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  return match ? `${match[1]}${match[2]}${match[3]}` : '+0000';
}

/**
 * A VTIMEZONE for a US zone (RFC 5545 §3.6.5): a zone with daylight time follows the US rule since
 * 2007 (from the second Sunday of March to the first Sunday of November, at 2:00 local time; 15 USC
 * 260a), others keep one offset all year. Offsets are read from the platform's time zone data for
 * `year`.
 */
function usVtimezone(timeZone: string, year: number): string {
  const winter = utcOffset(timeZone, new Date(Date.UTC(year, 0, 15)));
  const summer = utcOffset(timeZone, new Date(Date.UTC(year, 6, 15)));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (winter === summer) {
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${winter}`, `TZOFFSETTO:${winter}`, 'END:STANDARD');
  } else {
    lines.push(
      'BEGIN:DAYLIGHT',
      'DTSTART:20070311T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
      `TZOFFSETFROM:${winter}`,
      `TZOFFSETTO:${summer}`,
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20071104T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
      `TZOFFSETFROM:${summer}`,
      `TZOFFSETTO:${winter}`,
      'END:STANDARD',
    );
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

/** The event's description: who, the house rules when there are some, and the link to the booking. */
function eventDescription(booking: CalendarBooking): string {
  return [
    `Booking of ${booking.spaceTitle} (${booking.renterName}, hosted by ${booking.ownerName}).`,
    booking.houseRules ? `House rules: ${booking.houseRules}` : null,
    `Booking: ${booking.url}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * `bookings` as one iCalendar object (METHOD:PUBLISH), an event each, in the order given.
 * Start and end are written in the space's zone (`DTSTART;TZID=America/Chicago:20301203T000000`)
 * whatever the zone of the process; DTSTAMP is `stamp` in UTC, ending in Z (RFC 5545 §3.8.7.2).
 * @param options.name the calendar's name (NAME and X-WR-CALNAME)
 * @param options.stamp when the object is made (DTSTAMP of every event); now by default
 * @param options.refreshSeconds for a feed: how often apps should fetch it again (REFRESH-INTERVAL,
 *   RFC 7986 §5.7, and X-PUBLISHED-TTL)
 * @returns the calendar's text, lines ending in CRLF
 */
export function bookingsCalendar(
  bookings: readonly CalendarBooking[],
  options: { name: string; stamp?: Date; refreshSeconds?: number },
): string {
  const stamp = options.stamp ?? new Date();
  const calendar = new ICalCalendar({
    prodId: { company: 'ClinicShare', product: 'bookings', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: options.name,
    ...(options.refreshSeconds ? { ttl: options.refreshSeconds } : {}),
  });
  // No calendar-wide zone (name null): with one, ical-generator writes DTSTAMP in that zone without
  // its Z. The generator still gives every event's zone its VTIMEZONE.
  calendar.timezone({ name: null, generator: (zone) => usVtimezone(zone, stamp.getUTCFullYear()) });
  for (const booking of bookings) {
    calendar.createEvent({
      id: bookingEventUid(booking.bookingId),
      sequence: eventSequence(booking.status, booking.reschedules),
      stamp,
      // A TZDate carries its zone: ical-generator writes its wall-clock time there.
      start: new TZDate(new Date(booking.startAt).getTime(), booking.timeZone),
      end: new TZDate(new Date(booking.endAt).getTime(), booking.timeZone),
      timezone: booking.timeZone,
      summary: `ClinicShare: ${booking.spaceTitle}`,
      location: booking.address,
      description: eventDescription(booking),
      url: booking.url,
      status: eventStatus(booking.status),
    });
  }
  return calendar.toString();
}
