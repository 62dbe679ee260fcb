/**
 * Booking units, totals and the platform fee: the pure rules the server charges by (decisions 010,
 * 003 and 011 in docs/decisions/; docs/product.md#validation and #constants).
 *
 * A booking is the half-open range [startAt, endAt) in UTC instants.
 * - daily: dates (YYYY-MM-DD), end exclusive, at least 1 day; each day runs
 *   from local midnight to local midnight in the space's time zone.
 * - monthly: dates, whole months only (Jan 15 -> Mar 15 is 2 months).
 * - hourly: local wall times (YYYY-MM-DDTHH:mm), at least 1 hour; a started
 *   hour is billed as a whole hour, and elapsed time is real time (a
 *   daylight-saving night has 23 or 25 hours).
 * - session: local wall times like hourly, one unit: the range must be one of the
 *   listing's sessions, which `scheduleProblem` (availability.ts) checks.
 */
import { TZDate } from '@date-fns/tz';
import { addMonths, differenceInCalendarMonths, startOfDay, startOfHour } from 'date-fns';
import {
  FIRST_BOOKING_FEE_BASIS_POINTS,
  MAX_BOOKING_TOTAL_CENTS,
  MAX_BOOKING_UNITS,
  MIN_BOOKING_TOTAL_CENTS,
  type PricingPeriod,
} from './constants';
import { formatUsd } from './money';

/** A booking rule was broken; `message` is safe to show to the person booking. */
export class BookingRuleError extends Error {
  override name = 'BookingRuleError';
}

/** The title (docs/product.md#user-facing-messages) for a payment amount that cannot be charged. */
export const INVALID_AMOUNT = 'Invalid Amount';

/** A booking total below {@link MIN_BOOKING_TOTAL_CENTS}: its message starts with {@link INVALID_AMOUNT}. */
export class BookingAmountError extends BookingRuleError {
  override name = 'BookingAmountError';
  constructor() {
    super(`${INVALID_AMOUNT}: a booking must cost at least ${formatUsd(MIN_BOOKING_TOTAL_CENTS)}.`);
  }
}

/** Where a booking starts and ends (UTC instants) and how many pricing units it spans. */
export interface BookingRange {
  startAt: Date;
  endAt: Date;
  /** Hours, days or months, by the space's pricing period. */
  units: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

interface WallTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
}

function parseWallTime(text: string, withTime: boolean): WallTime {
  const match = (withTime ? DATE_TIME : DATE).exec(text);
  if (!match) {
    throw new BookingRuleError(
      withTime ? `Expected a date and time (YYYY-MM-DDTHH:mm), got "${text}".` : `Expected a date (YYYY-MM-DD), got "${text}".`,
    );
  }
  const [year, month, day, hour = 0, minute = 0] = match.slice(1).map(Number) as [number, number, number, number?, number?];
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) {
    throw new BookingRuleError(`"${text}" is not a real date.`);
  }
  return { year, month, day, hour, minute };
}

/** The UTC instant of a wall time in `timeZone`. */
function instantOf(wall: WallTime, timeZone: string): Date {
  return new Date(new TZDate(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, timeZone).getTime());
}

/** Calendar date of a wall time as a plain UTC date, for zone-free calendar arithmetic. */
function calendarDate(wall: WallTime): Date {
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Resolves the client's start and end into a UTC range and its unit count.
 * @param period the space's pricing period
 * @param start  `YYYY-MM-DD` (daily, monthly) or `YYYY-MM-DDTHH:mm` (hourly), local to the space
 * @param end    same format as `start`; exclusive
 * @param timeZone the space's IANA time zone (see `timeZoneForState`)
 * @throws BookingRuleError when the inputs are malformed, span less than one unit or more than {@link MAX_BOOKING_UNITS}
 */
export function resolveBookingRange(period: PricingPeriod, start: string, end: string, timeZone: string): BookingRange {
  const range = unboundedBookingRange(period, start, end, timeZone);
  if (range.units > MAX_BOOKING_UNITS[period]) throw new BookingRuleError(TOO_LONG[period]);
  return range;
}

/** Why a booking is too long, by pricing period (the limits a card processor accepts). */
const TOO_LONG: Record<PricingPeriod, string> = {
  hourly: `A booking can last at most ${MAX_BOOKING_UNITS.hourly} hours (31 days).`,
  daily: `A booking can last at most ${MAX_BOOKING_UNITS.daily} days.`,
  monthly: `A booking can last at most ${MAX_BOOKING_UNITS.monthly} months.`,
  session: 'A booking is one session: book each session on its own.',
};

/** Whether a period's bookings are made of local wall times (`YYYY-MM-DDTHH:mm`) rather than dates. */
export function bookedByTime(period: PricingPeriod): boolean {
  return period === 'hourly' || period === 'session';
}

function unboundedBookingRange(period: PricingPeriod, start: string, end: string, timeZone: string): BookingRange {
  const byTime = bookedByTime(period);
  const startWall = parseWallTime(start, byTime);
  const endWall = parseWallTime(end, byTime);
  const startAt = instantOf(startWall, timeZone);
  const endAt = instantOf(endWall, timeZone);

  if (period === 'session') {
    if (endAt <= startAt) throw new BookingRuleError('End time must be after start time.');
    return { startAt, endAt, units: 1 };
  }
  if (byTime) {
    const elapsed = endAt.getTime() - startAt.getTime();
    if (elapsed < HOUR_MS) throw new BookingRuleError('End time must be at least 1 hour after start time.');
    return { startAt, endAt, units: Math.ceil(elapsed / HOUR_MS) };
  }

  const startDay = calendarDate(startWall);
  const endDay = calendarDate(endWall);
  if (period === 'daily') {
    const days = Math.round((endDay.getTime() - startDay.getTime()) / DAY_MS);
    if (days < 1) throw new BookingRuleError('End date must be at least 1 day after start date.');
    return { startAt, endAt, units: days };
  }

  const months = differenceInCalendarMonths(endDay, startDay);
  if (months < 1 || addMonths(startDay, months).getTime() !== endDay.getTime()) {
    throw new BookingRuleError('Monthly bookings run in whole months: the end date must fall on the same day of a later month.');
  }
  return { startAt, endAt, units: months };
}

/**
 * The earliest a booking may start at `now`: the current local day's midnight
 * for daily and monthly spaces (booking today is fine), the start of the
 * current hour for hourly and session ones.
 */
export function earliestBookingStart(period: PricingPeriod, now: Date, timeZone: string): Date {
  const local = new TZDate(now.getTime(), timeZone);
  return new Date((bookedByTime(period) ? startOfHour(local) : startOfDay(local)).getTime());
}

/**
 * Checks that a booking does not start in the past.
 * @throws BookingRuleError when `startAt` is before {@link earliestBookingStart}
 */
export function assertNotInPast(period: PricingPeriod, startAt: Date, now: Date, timeZone: string): void {
  if (startAt < earliestBookingStart(period, now, timeZone)) throw new BookingRuleError('Bookings cannot start in the past.');
}

/** Total price in cents: the unit price (cents per hour, day or month) times the units. */
export function bookingTotalCents(unitPriceCents: number, units: number): number {
  return unitPriceCents * units;
}

/**
 * The platform fee in cents (docs/product.md#constants,
 * docs/decisions/011-platform-fee-on-a-first-booking.md): 10% of the total, rounded to the nearest
 * cent (half up), on a renter's first confirmed booking with an owner; 0 afterwards.
 */
export function platformFeeCents(totalCents: number, isFirstTransaction: boolean): number {
  if (!isFirstTransaction) return 0;
  return Math.round((totalCents * FIRST_BOOKING_FEE_BASIS_POINTS) / 10_000);
}

/** A booking quote: what the renter pays, the platform fee within it, and the owner's share. */
export interface BookingQuote extends BookingRange {
  unitPriceCents: number;
  totalCents: number;
  platformFeeCents: number;
  ownerPayoutCents: number;
}

/**
 * Quotes a booking: range, units, total, fee and the owner's share (total minus fee).
 * @throws BookingRuleError for bad or too long ranges, and totals above {@link MAX_BOOKING_TOTAL_CENTS}
 * @throws BookingAmountError for totals below {@link MIN_BOOKING_TOTAL_CENTS} (the payment minimum)
 */
export function quoteBooking(input: {
  period: PricingPeriod;
  unitPriceCents: number;
  start: string;
  end: string;
  timeZone: string;
  isFirstTransaction: boolean;
}): BookingQuote {
  const range = resolveBookingRange(input.period, input.start, input.end, input.timeZone);
  const totalCents = bookingTotalCents(input.unitPriceCents, range.units);
  if (totalCents > MAX_BOOKING_TOTAL_CENTS) {
    throw new BookingRuleError(`A booking can cost at most ${formatUsd(MAX_BOOKING_TOTAL_CENTS)}: choose fewer dates.`);
  }
  if (totalCents < MIN_BOOKING_TOTAL_CENTS) throw new BookingAmountError();
  const fee = platformFeeCents(totalCents, input.isFirstTransaction);
  return { ...range, unitPriceCents: input.unitPriceCents, totalCents, platformFeeCents: fee, ownerPayoutCents: totalCents - fee };
}
