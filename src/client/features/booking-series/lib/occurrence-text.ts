/**
 * Occurrences of a series for people: in the booking format (local to the space, as checkout
 * previews and answers them) or as instants (as the series' bookings carry them), and why one
 * cannot be booked (the schedule rules' own words, `scheduleProblemMessage`). Pure.
 */
import { TZDate } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';
import { type ListingCalendar, shiftDate, scheduleProblemMessage } from '@/shared/availability';
import { bookedByTime } from '@/shared/booking-rules';
import type { PricingPeriod } from '@/shared/constants';
import type { Occurrence } from '@/shared/recurrence';
import type { OccurrenceConflict } from '@/shared/schemas/booking-series';

const DAY = 'EEE, MMM d, yyyy';
const TIME = 'h:mm a';

/**
 * An occurrence in the booking format: "Tue, Mar 3, 2026, 8:00 AM – 12:00 PM" (hours, sessions),
 * "Tue, Mar 3, 2026" (one day) or "Tue, Mar 3, 2026 – Thu, Mar 5, 2026" (days, the last included).
 */
export function formatOccurrence(occurrence: Occurrence, period: PricingPeriod): string {
  if (bookedByTime(period)) {
    const start = parseISO(occurrence.startDate);
    return `${format(start, DAY)}, ${format(start, TIME)} – ${format(parseISO(occurrence.endDate), TIME)}`;
  }
  const first = occurrence.startDate.slice(0, 10);
  const last = shiftDate(occurrence.endDate.slice(0, 10), -1);
  return last > first ? `${format(parseISO(first), DAY)} – ${format(parseISO(last), DAY)}` : format(parseISO(first), DAY);
}

/** A booked occurrence (ISO instants) in the space's zone, as {@link formatOccurrence} words it. */
export function formatBookedOccurrence(booking: { startDate: string; endDate: string }, period: PricingPeriod, timeZone: string): string {
  const local = (instant: string, pattern: string) => format(new TZDate(Date.parse(instant), timeZone), pattern);
  const withTime = bookedByTime(period);
  const pattern = withTime ? "yyyy-MM-dd'T'HH:mm" : 'yyyy-MM-dd';
  return formatOccurrence({ startDate: local(booking.startDate, pattern), endDate: local(booking.endDate, pattern) }, period);
}

/** Why `conflict` cannot be booked, in the words the server uses for a single booking. */
export function conflictReason(conflict: OccurrenceConflict, calendar: Pick<ListingCalendar, 'period' | 'schedule'>): string {
  return scheduleProblemMessage(conflict.reason, calendar);
}
