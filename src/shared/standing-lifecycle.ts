/**
 * A standing booking's lifecycle as one table (docs/decisions/041-standing-bookings.md), beside the
 * booking's and the payment's. Every write of `standing_bookings.status` asks it, through the
 * standing-booking writer (src/server/standing-bookings/standing-writer.ts).
 *
 * ```
 * active --give_notice--> ending   (either side ended it with notice: `ends_on` is set)
 * active, ending --finish--> ended (its last day passed, a charge failed for good, or its first period was never paid)
 * ```
 */
import type { StandingBookingStatus } from './schemas/standing-bookings';

export type StandingTransition = 'give_notice' | 'finish';

const TRANSITIONS: Record<StandingTransition, { from: readonly StandingBookingStatus[]; to: StandingBookingStatus }> = {
  give_notice: { from: ['active'], to: 'ending' },
  finish: { from: ['active', 'ending'], to: 'ended' },
};

/** The status `transition` leads to from `from`, or null when it is not allowed. */
export function nextStandingStatus(from: StandingBookingStatus, transition: StandingTransition): StandingBookingStatus | null {
  const rule = TRANSITIONS[transition];
  return rule.from.includes(from) ? rule.to : null;
}

/** The statuses from which `transition` is allowed (for a guarded `UPDATE ... WHERE status IN (...)`). */
export function standingStatusesAllowing(transition: StandingTransition): StandingBookingStatus[] {
  return [...TRANSITIONS[transition].from];
}

/** The status `transition` leads to. */
export function standingStatusAfter(transition: StandingTransition): StandingBookingStatus {
  return TRANSITIONS[transition].to;
}
