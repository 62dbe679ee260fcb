/**
 * Cancellation policies as data (issue "Bookings as holds", DESIGN decision
 * 4): each listing picks a tier, and a pure function computes the refund of a
 * cancelled booking from the tier, the booking and the moment of cancelling.
 *
 * - flexible: full refund up to 24 hours before the start, nothing after.
 * - moderate: full refund up to 7 days before, 50% up to 24 hours before, nothing after.
 * - strict: 50% up to 14 days before, nothing after.
 * "Up to" includes the edge: cancelling exactly 24 hours before a flexible
 * booking still refunds it in full. An owner who cancels refunds in full.
 */
import type { CancellationPolicyTier } from './constants';

const HOUR_MS = 60 * 60 * 1000;

/** One step of a policy: cancelling at least `hoursBefore` the start refunds `percent` of the total. */
interface RefundStep {
  hoursBefore: number;
  percent: number;
}

/** The steps of each tier, most generous first. */
const POLICIES: Record<CancellationPolicyTier, readonly RefundStep[]> = {
  flexible: [{ hoursBefore: 24, percent: 100 }],
  moderate: [
    { hoursBefore: 7 * 24, percent: 100 },
    { hoursBefore: 24, percent: 50 },
  ],
  strict: [{ hoursBefore: 14 * 24, percent: 50 }],
};

/** What a renter reads about each tier (space page, Rules & Policies; booking list). */
export const CANCELLATION_POLICY_TEXT: Record<CancellationPolicyTier, string> = {
  flexible: 'Flexible: full refund if cancelled at least 24 hours before the start; no refund after that.',
  moderate: 'Moderate: full refund if cancelled at least 7 days before the start, 50% if at least 24 hours before; no refund after that.',
  strict: 'Strict: 50% refund if cancelled at least 14 days before the start; no refund after that.',
};

/** Short names of the tiers, for selects and badges. */
export const CANCELLATION_POLICY_LABELS: Record<CancellationPolicyTier, string> = {
  flexible: 'Flexible',
  moderate: 'Moderate',
  strict: 'Strict',
};

/** Who cancels a booking. */
export type CancelledBy = 'renter' | 'owner';

/**
 * The refund of a cancelled booking, in cents.
 * @param input.totalCents what the renter paid, cents
 * @param input.startAt the booking's start (UTC instant)
 * @param input.now the moment of cancelling
 * @returns cents to refund, 0 to `totalCents`; a percentage is rounded half up to the cent
 */
export function refundCents(input: { tier: CancellationPolicyTier; totalCents: number; startAt: Date; now: Date; cancelledBy: CancelledBy }): number {
  if (input.cancelledBy === 'owner') return input.totalCents;
  const hoursBefore = (input.startAt.getTime() - input.now.getTime()) / HOUR_MS;
  const step = POLICIES[input.tier].find((candidate) => hoursBefore >= candidate.hoursBefore);
  if (!step) return 0;
  return Math.round((input.totalCents * step.percent) / 100);
}
