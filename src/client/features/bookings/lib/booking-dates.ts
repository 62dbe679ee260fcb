import { TZDate } from '@date-fns/tz';
import { addHours, format, startOfHour } from 'date-fns';
import type { PricingPeriod } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/bookings';

/** Default start and end of a booking form: today in the space's zone (SPEC section 5); hourly: the next full hour, for one hour. */
export function defaultBookingRange(period: PricingPeriod, timeZone: string): { startDate: string; endDate: string } {
  const now = TZDate.tz(timeZone);
  if (period === 'hourly') {
    const start = addHours(startOfHour(now), 1);
    return { startDate: format(start, "yyyy-MM-dd'T'HH:mm"), endDate: format(addHours(start, 1), "yyyy-MM-dd'T'HH:mm") };
  }
  const today = format(now, 'yyyy-MM-dd');
  return { startDate: today, endDate: today };
}

/** Today's date in the space's zone, the earliest date the form offers. */
export function todayIn(timeZone: string): string {
  return format(TZDate.tz(timeZone), 'yyyy-MM-dd');
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PLAIN_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * A booking's start or end for people, in the space's own zone (DESIGN decision 3).
 * Accepts the wire's local forms (YYYY-MM-DD, YYYY-MM-DDTHH:mm) and full ISO instants.
 */
export function formatBookingInstant(value: string, period: PricingPeriod, timeZone: string | undefined): string {
  const withTime = period === 'hourly';
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
