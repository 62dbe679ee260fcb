/**
 * When a standing booking's periods are held, charged and given up (docs/decisions/041-standing-bookings.md),
 * as instants of the space's zone. Pure. Periods themselves are `billingPeriod`
 * (./standing-bookings.ts); a period's occurrences are `occurrencesBetween` (./recurrence.ts).
 */
import { localInstant } from './availability';
import { STANDING_RETRY_DAYS, type PricingPeriod } from './constants';
import { occurrencesBetween, type Occurrence } from './recurrence';
import type { StandingRecurrence } from './schemas/standing-bookings';
import { billingPeriod, chargeDateOf, retryDateOf, type BillingPeriod } from './standing-bookings';

/** A standing booking's schedule: its first occurrence (booking format of its space) and its recurrence. */
export interface StandingSchedule {
  first: Occurrence;
  weekdays: StandingRecurrence['weekdays'];
  billing: StandingRecurrence['billing'];
}

/** Period `index` of a standing booking and its occurrences, first first (none when every weekday of it is before the first). */
export function periodOccurrences(
  period: PricingPeriod,
  schedule: StandingSchedule,
  index: number,
): { period: BillingPeriod; occurrences: Occurrence[] } {
  const anchor = schedule.first.startDate.slice(0, 10);
  const range = billingPeriod(anchor, schedule.billing, index);
  return { period: range, occurrences: occurrencesBetween(period, schedule.first, schedule.weekdays, range.start, range.end) };
}

/** When a period is first charged: the start of its charge date (`chargeDateOf`) in `timeZone`, UTC instant. */
export function periodChargeAt(range: BillingPeriod, timeZone: string): Date {
  return localInstant(chargeDateOf(range), 0, timeZone);
}

/**
 * When a period's charge attempt `attempts` (0 the first) is due, the start of its day in `timeZone`,
 * or null after the last retry (`STANDING_RETRY_DAYS` after the charge date).
 */
export function periodRetryAt(range: BillingPeriod, attempts: number, timeZone: string): Date | null {
  const date = retryDateOf(chargeDateOf(range), attempts);
  return date ? localInstant(date, 0, timeZone) : null;
}

/**
 * When an unpaid period's hold ends: the end of the day of its last retry, so a period that was
 * never charged (a stopped job) still frees its dates (`hold_expires_at`).
 */
export function standingHoldEndsAt(range: BillingPeriod, timeZone: string): Date {
  const last = retryDateOf(chargeDateOf(range), STANDING_RETRY_DAYS.length)!;
  return localInstant(last, 24 * 60, timeZone);
}
