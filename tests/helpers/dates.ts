/**
 * Booking dates for tests, counted from today so that no test expires (the booking rules refuse a
 * start in the past). "Today" is the calendar date of the test process; an offset of one day or more
 * is in the future in every US time zone whatever the process's own zone.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addYears, format, setDate } from 'date-fns';

/** The date `days` days after today, as YYYY-MM-DD (a daily or monthly booking bound). */
export function futureDate(days: number): string {
  return format(addDays(new Date(), days), 'yyyy-MM-dd');
}

/**
 * The date `days` days after today at the wall-clock time `time` ("HH:mm"), as YYYY-MM-DDTHH:mm
 * (an hourly booking bound). Throws a RangeError for a malformed time.
 */
export function futureDateTime(days: number, time: string): string {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new RangeError(`Not an HH:mm time: ${time}`);
  return `${futureDate(days)}T${time}`;
}

/**
 * Day `day` (1-28, so it exists in every month) of the month `months` months after the current one,
 * as YYYY-MM-DD: monthly bookings need the same day of the month at both ends. Throws a RangeError
 * for another day.
 */
export function futureMonthDay(months: number, day: number): string {
  if (!Number.isInteger(day) || day < 1 || day > 28) throw new RangeError(`Day of month must be 1-28: ${day}`);
  return format(setDate(addMonths(new Date(), months), day), 'yyyy-MM-dd');
}

/** The instant a YYYY-MM-DD date begins in the IANA time zone `timeZone` (local midnight). */
export function midnightIn(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}

/** A card expiry ("MM / YY") a few years ahead, for the test cards: December, five years from now. */
export function futureCardExpiry(): string {
  return format(addYears(new Date(), 5), "'12 / 'yy");
}

/** The first date at least `minDays` days after today that is a `weekday` (0 Sunday ... 6 Saturday), as YYYY-MM-DD. */
export function futureWeekday(weekday: number, minDays: number): string {
  const start = addDays(new Date(), minDays);
  return format(addDays(start, (weekday - start.getDay() + 7) % 7), 'yyyy-MM-dd');
}
