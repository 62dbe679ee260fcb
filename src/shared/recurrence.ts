/**
 * Weekly recurrence (docs/product.md#schedules, "Repeat weekly"): the occurrences of a booking
 * repeated on chosen weekdays, from its first occurrence on, until a date or for a number of
 * occurrences, within {@link MAX_RECURRENCE_WEEKS} weeks. Pure: dates and times stay local to the
 * space (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`, as bookings are made); `resolveBookingRange` turns
 * each occurrence into instants, so every occurrence keeps its wall-clock times across a
 * daylight-saving change.
 */
import { daysBetween, shiftDate, weekdayOf } from './availability';
import { bookedByTime, BookingRuleError } from './booking-rules';
import { MAX_RECURRENCE_WEEKS, type PricingPeriod, type Weekday } from './constants';
import type { Recurrence } from './schemas/booking-series';

/** One occurrence, in the booking format of its space. */
export interface Occurrence {
  startDate: string;
  endDate: string;
}

/**
 * The occurrences of `first` repeated weekly on `recurrence.weekdays`, the first one included:
 * each starts on a chosen weekday at the first one's local time and lasts as many calendar days
 * (and ends at the same local time). Ends on `until` (inclusive) or after `count` occurrences,
 * and never beyond {@link MAX_RECURRENCE_WEEKS} weeks from the first date.
 * @throws BookingRuleError for a monthly space, a first occurrence not on a chosen weekday, an end
 *   before the first date, or an end past the limit
 */
export function expandRecurrence(period: PricingPeriod, first: Occurrence, recurrence: Recurrence): Occurrence[] {
  if (period === 'monthly') throw new BookingRuleError('Monthly bookings cannot repeat weekly.');
  const firstDate = first.startDate.slice(0, 10);
  if (!recurrence.weekdays.includes(weekdayOf(firstDate))) {
    throw new BookingRuleError('The first booking must fall on one of the weekdays it repeats on.');
  }
  const limit = shiftDate(firstDate, MAX_RECURRENCE_WEEKS * 7 - 1);
  if (recurrence.until !== undefined) {
    if (recurrence.until < firstDate) throw new BookingRuleError('The repeat must end on or after the first booking.');
    if (recurrence.until > limit) throw new BookingRuleError(`A booking can repeat for at most ${MAX_RECURRENCE_WEEKS} weeks.`);
  }
  const end = recurrence.until !== undefined ? shiftDate(recurrence.until, 1) : shiftDate(limit, 1);
  const all = occurrencesBetween(period, first, recurrence.weekdays, firstDate, end);
  const occurrences = recurrence.count !== undefined ? all.slice(0, recurrence.count) : all;
  if (recurrence.count !== undefined && occurrences.length < recurrence.count) {
    throw new BookingRuleError(`A booking can repeat for at most ${MAX_RECURRENCE_WEEKS} weeks.`);
  }
  return occurrences;
}

/**
 * The occurrences of `first`'s times on `weekdays` whose start dates fall in [`from`, `to`) (local
 * `YYYY-MM-DD`, `to` exclusive): each starts on a chosen weekday at the first one's local time and
 * lasts as many calendar days (a standing booking's period, docs/decisions/041-standing-bookings.md,
 * or a series' span). The first one's weekday is not checked here.
 */
export function occurrencesBetween(
  period: PricingPeriod,
  first: Occurrence,
  weekdays: readonly Weekday[],
  from: string,
  to: string,
): Occurrence[] {
  const length = daysBetween(first.startDate.slice(0, 10), first.endDate.slice(0, 10));
  const time = (text: string) => (bookedByTime(period) ? text.slice(10) : '');
  const occurrences: Occurrence[] = [];
  for (let date = from; date < to; date = shiftDate(date, 1)) {
    if (!weekdays.includes(weekdayOf(date))) continue;
    occurrences.push({ startDate: `${date}${time(first.startDate)}`, endDate: `${shiftDate(date, length)}${time(first.endDate)}` });
  }
  return occurrences;
}
