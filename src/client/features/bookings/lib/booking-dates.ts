import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { bookedByTime } from '@/shared/booking-rules';
import type { PricingPeriod } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/bookings';

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PLAIN_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * A booking's start or end for people, in the space's own zone (docs/decisions/003-bookings-as-ranges.md).
 * Accepts the wire's local forms (YYYY-MM-DD, YYYY-MM-DDTHH:mm) and full ISO instants.
 */
export function formatBookingInstant(value: string, period: PricingPeriod, timeZone: string | undefined): string {
  const withTime = bookedByTime(period);
  let date: Date;
  if (PLAIN_DATE.test(value) || PLAIN_DATE_TIME.test(value)) {
    // Already local to the space: read the wall time as is.
    const [datePart = '', timePart = '00:00'] = value.split('T');
    const [year, month, day] = datePart.split('-').map(Number) as [number, number, number];
    const [hour, minute] = timePart.split(':').map(Number) as [number, number];
    date = new Date(year, month - 1, day, hour, minute);
  } else {
    const instant = new Date(value);
    if (Number.isNaN(instant.getTime())) return value;
    date = timeZone ? new TZDate(instant, timeZone) : instant;
  }
  return format(date, withTime ? 'MMM d, yyyy h:mm a' : 'MMM d, yyyy');
}

/** A booking's range for people ("Mar 3, 2026 – Mar 5, 2026"), by its space's period and zone (daily if unknown). */
export function formatBookingRange(booking: Pick<Booking, 'startDate' | 'endDate' | 'space'>): string {
  const period = booking.space?.pricePeriod ?? 'daily';
  const timeZone = booking.space?.timeZone;
  return `${formatBookingInstant(booking.startDate, period, timeZone)} – ${formatBookingInstant(booking.endDate, period, timeZone)}`;
}

/** Whether the booking has ended by `now` (ms): its end (exclusive, an instant in the lists) has passed. */
export function bookingHasEnded(booking: Pick<Booking, 'endDate'>, now: number): boolean {
  return Date.parse(booking.endDate) <= now;
}

type DatedBooking = Pick<Booking, 'seriesId' | 'startDate' | 'endDate'>;

/**
 * A bookings list split at `now` (ms): upcoming (not ended; soonest first) and past (ended; latest
 * first). A recurring series stays whole: it is upcoming while any of its occurrences in the list has
 * not ended, so its card keeps its total and "Cancel the rest of the series".
 */
export function splitUpcomingPast<T extends DatedBooking>(bookings: readonly T[], now: number): { upcoming: T[]; past: T[] } {
  const liveSeries = new Set(bookings.filter((booking) => booking.seriesId && !bookingHasEnded(booking, now)).map((b) => b.seriesId));
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const booking of bookings) {
    const isUpcoming = booking.seriesId ? liveSeries.has(booking.seriesId) : !bookingHasEnded(booking, now);
    (isUpcoming ? upcoming : past).push(booking);
  }
  upcoming.sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  past.sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate));
  return { upcoming, past };
}

/** A listed booking's start day in its space's zone, short, for a button: "Tue, Dec 1". */
export function shortBookingDay(booking: Pick<Booking, 'startDate' | 'space'>): string {
  const instant = new Date(booking.startDate);
  const timeZone = booking.space?.timeZone;
  return format(timeZone ? new TZDate(instant, timeZone) : instant, 'EEE, MMM d');
}
