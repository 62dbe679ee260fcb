/**
 * The period math of standing bookings (src/shared/schemas/standing-bookings.ts): a renter books a room
 * on chosen weekdays until they give notice, billed in advance each week or each calendar month from the
 * first occurrence's day (the anchor), as UK therapy rooms and monthly stays bill. Pure; every date is a
 * local `YYYY-MM-DD` of the space, and the math is on calendar dates (in UTC, where every day has 24
 * hours), so neither the space's nor the runtime's daylight-saving changes move a date.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, differenceInCalendarDays, differenceInCalendarMonths, format } from 'date-fns';
import { STANDING_CHARGE_DAYS_AHEAD, STANDING_RETRY_DAYS } from './constants';
import type { StandingBilling } from './schemas/standing-bookings';

/** One billing period: `start` inclusive, `end` exclusive (the next period's start). */
export interface BillingPeriod {
  start: string;
  end: string;
}

/**
 * Midnight of `date` as a date in UTC: date-fns then counts days and months there, whatever the
 * runtime's own zone (a runtime east of UTC would otherwise see a 23-hour day at a change).
 */
function day(date: string): TZDate {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, dayOfMonth, 'UTC');
}

const text = (date: Date): string => format(date, 'yyyy-MM-dd');

function requireInteger(name: string, value: number): void {
  if (!Number.isInteger(value)) throw new RangeError(`${name} must be a whole number, got ${value}`);
}

/**
 * Period `index` of a standing booking billed `billing` from `anchor` (its first occurrence's day): 0 is
 * the first; a negative index counts back before the anchor. Weekly periods are 7 days; monthly ones
 * calendar months, each bound computed from the anchor (date-fns `addMonths`, never chained), so an
 * anchor on Jan 31 gives Jan 31, Feb 28 (29 in a leap year), Mar 31, Apr 30: the periods tile, with
 * no gap and no overlap.
 * @throws RangeError when `index` is not a whole number
 */
export function billingPeriod(anchor: string, billing: StandingBilling, index: number): BillingPeriod {
  requireInteger('index', index);
  const start = day(anchor);
  const bound = (n: number) => text(billing === 'weekly' ? addDays(start, 7 * n) : addMonths(start, n));
  return { start: bound(index), end: bound(index + 1) };
}

/**
 * The index of the period of {@link billingPeriod} that contains `date` (negative before the anchor).
 * `periodIndexOf(anchor, billing, billingPeriod(anchor, billing, i).start) === i`.
 */
export function periodIndexOf(anchor: string, billing: StandingBilling, date: string): number {
  if (billing === 'weekly') return Math.floor(differenceInCalendarDays(day(date), day(anchor)) / 7);
  // A first guess by calendar months, corrected by at most one where a month end clamps the bound.
  let index = differenceInCalendarMonths(day(date), day(anchor));
  while (billingPeriod(anchor, billing, index).start > date) index -= 1;
  while (billingPeriod(anchor, billing, index).end <= date) index += 1;
  return index;
}

/**
 * The day a period is charged: {@link STANDING_CHARGE_DAYS_AHEAD} days before it starts (billed in
 * advance, so a failed charge leaves days to retry before the room is used).
 */
export function chargeDateOf(period: Pick<BillingPeriod, 'start'>): string {
  return text(addDays(day(period.start), -STANDING_CHARGE_DAYS_AHEAD));
}

/**
 * The day of charge attempt `attempt` when the first was on `firstAttemptOn`: 0 is the first attempt
 * itself, 1 to 3 the retries {@link STANDING_RETRY_DAYS} days after it; null after the last retry.
 * @throws RangeError when `attempt` is negative or not a whole number
 */
export function retryDateOf(firstAttemptOn: string, attempt: number): string | null {
  requireInteger('attempt', attempt);
  if (attempt < 0) throw new RangeError(`attempt must be 0 or more, got ${attempt}`);
  if (attempt === 0) return firstAttemptOn;
  const days = STANDING_RETRY_DAYS[attempt - 1];
  return days === undefined ? null : text(addDays(day(firstAttemptOn), days));
}

/**
 * The earliest `endsOn` of a standing booking ended `today`: the first day no longer booked, the later of
 * `today` plus the notice and `startedOn` plus the minimum term (calendar months, `addMonths`). Its
 * occurrences on or after that day are cancelled; those before it stay booked and are paid.
 */
export function earliestEndOn({
  today,
  noticeDays,
  startedOn,
  minimumTermMonths,
}: {
  today: string;
  noticeDays: number;
  startedOn: string;
  minimumTermMonths: number;
}): string {
  const afterNotice = text(addDays(day(today), noticeDays));
  const afterTerm = text(addMonths(day(startedOn), minimumTermMonths));
  return afterNotice > afterTerm ? afterNotice : afterTerm;
}

/**
 * How many periods from the anchor must have their occurrences booked on `today`: through the period
 * after the current one (the next billing period, charged {@link STANDING_CHARGE_DAYS_AHEAD} days before
 * it starts, plus the current one). Before the anchor, the first two periods.
 */
export function horizonPeriods(anchor: string, billing: StandingBilling, today: string): number {
  return Math.max(0, periodIndexOf(anchor, billing, today)) + 2;
}
