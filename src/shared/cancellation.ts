/**
 * Cancellation policies as data (docs/decisions/005-bookings-as-holds.md): each listing picks a tier, and a pure function computes
 * the refund of a cancelled booking from the tier, the booking and the moment of cancelling.
 *
 * - flexible: full refund up to 24 hours before the start, nothing after.
 * - moderate: full refund up to 7 days before, 50% up to 24 hours before, nothing after.
 * - strict: 50% up to 14 days before, nothing after.
 * "Up to" includes the edge: cancelling exactly 24 hours before a flexible
 * booking still refunds it in full. An owner who cancels refunds in full.
 *
 * A renter who cancels the booking that carried the pair's first-booking fee
 * while holding other bookings with the same owner does not get that fee back
 * (docs/decisions/008-first-booking-fee-on-cancellation.md).
 */
import type { CancellationPolicyTier } from './constants';
import { formatUsd } from './money';

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

/** The share of the refundable amount a renter's policy gives back when cancelling at `now`, percent (100, 50 or 0). */
export function refundPercent(tier: CancellationPolicyTier, startAt: Date, now: Date): number {
  const hoursBefore = (startAt.getTime() - now.getTime()) / HOUR_MS;
  return POLICIES[tier].find((candidate) => hoursBefore >= candidate.hoursBefore)?.percent ?? 0;
}

/**
 * The refund of a cancelled booking, in cents (the platform fee is not kept).
 * @param input.totalCents what the renter paid, cents
 * @param input.startAt the booking's start (UTC instant)
 * @param input.now the moment of cancelling
 * @returns cents to refund, 0 to `totalCents`; a percentage is rounded half up to the cent
 */
export function refundCents(input: {
  tier: CancellationPolicyTier;
  totalCents: number;
  startAt: Date;
  now: Date;
  cancelledBy: CancelledBy;
}): number {
  return cancellationRefund({ ...input, feeCents: 0, feeKept: false }).refundCents;
}

/** What a cancellation gives back and keeps, in cents. */
export interface CancellationRefund {
  /** Cents refunded to the renter, 0 to the total. */
  refundCents: number;
  /** The platform fee kept, cents: the booking's fee when it is kept, else 0. */
  keptFeeCents: number;
  /** The share of the refundable amount (the total, less a kept fee) given back, percent; 100 when the owner cancels. */
  percent: number;
}

/**
 * Whether a cancellation keeps the pair's first-booking fee
 * (docs/decisions/008-first-booking-fee-on-cancellation.md): the renter
 * cancels a booking that carried a platform fee while holding other bookings
 * (awaiting payment, pending or confirmed) with the same owner. An owner's
 * cancellation never keeps it.
 */
export function keepsFirstBookingFee(input: { cancelledBy: CancelledBy; feeCents: number; holdsOtherBookingsWithOwner: boolean }): boolean {
  return input.cancelledBy === 'renter' && input.feeCents > 0 && input.holdsOtherBookingsWithOwner;
}

/**
 * The refund of a cancelled booking, in cents
 * (docs/decisions/008-first-booking-fee-on-cancellation.md): the owner
 * refunds the total; the renter gets the policy's share of the total, or,
 * when the first-booking fee is kept, of the total less the fee.
 * @param input.totalCents what the renter paid, cents
 * @param input.feeCents the platform fee within the total, cents (clamped to 0..total)
 * @param input.feeKept whether the fee is kept ({@link keepsFirstBookingFee}); ignored when the owner cancels
 * @param input.startAt the booking's start (UTC instant)
 * @param input.now the moment of cancelling
 * @returns the refund (0 to the total, at most total less the kept fee; a percentage rounded half up to the cent) and the fee kept
 */
export function cancellationRefund(input: {
  tier: CancellationPolicyTier;
  totalCents: number;
  feeCents: number;
  feeKept: boolean;
  startAt: Date;
  now: Date;
  cancelledBy: CancelledBy;
}): CancellationRefund {
  if (input.cancelledBy === 'owner') return { refundCents: input.totalCents, keptFeeCents: 0, percent: 100 };
  const keptFeeCents = input.feeKept ? Math.min(Math.max(input.feeCents, 0), input.totalCents) : 0;
  const percent = refundPercent(input.tier, input.startAt, input.now);
  return { refundCents: Math.round(((input.totalCents - keptFeeCents) * percent) / 100), keptFeeCents, percent };
}

/**
 * Why a cancellation refunds what it does, in plain English (the Cancel
 * dialog shows it), e.g. "The platform fee of $12.00 is kept: it was charged
 * on your first booking with this owner and you hold other bookings with
 * them. Under the Moderate policy, cancelling now refunds 50% of the
 * remaining $108.00: $54.00."
 */
export function cancellationReason(
  input: { tier: CancellationPolicyTier; totalCents: number; cancelledBy: CancelledBy } & CancellationRefund,
): string {
  if (input.cancelledBy === 'owner') return `As the owner, cancelling refunds the renter in full: ${formatUsd(input.totalCents)}.`;
  const policy = `Under the ${CANCELLATION_POLICY_LABELS[input.tier]} policy, cancelling now refunds`;
  const base = input.keptFeeCents > 0 ? `the remaining ${formatUsd(input.totalCents - input.keptFeeCents)}` : formatUsd(input.totalCents);
  const refund = input.percent === 0 ? `${policy} nothing.` : `${policy} ${input.percent}% of ${base}: ${formatUsd(input.refundCents)}.`;
  if (input.keptFeeCents === 0) return refund;
  return `The platform fee of ${formatUsd(input.keptFeeCents)} is kept: it was charged on your first booking with this owner and you hold other bookings with them. ${refund}`;
}

/**
 * Why cancelling the rest of a series refunds what it does (docs/decisions/026-booking-series.md):
 * each of its `count` remaining bookings is refunded by the policy and its own start, e.g.
 * "Cancelling the 5 remaining bookings refunds $300.00 of $400.00: under the Moderate policy each
 * booking is refunded by how long before its start you cancel."
 */
export function seriesCancellationReason(input: {
  tier: CancellationPolicyTier;
  count: number;
  totalCents: number;
  refundCents: number;
  keptFeeCents: number;
  cancelledBy: CancelledBy;
}): string {
  const bookings = input.count === 1 ? 'the remaining booking' : `the ${input.count} remaining bookings`;
  if (input.cancelledBy === 'owner')
    return `As the owner, cancelling ${bookings} refunds the renter in full: ${formatUsd(input.totalCents)}.`;
  const refund = `Cancelling ${bookings} refunds ${formatUsd(input.refundCents)} of ${formatUsd(input.totalCents)}: under the ${CANCELLATION_POLICY_LABELS[input.tier]} policy each booking is refunded by how long before its start you cancel.`;
  if (input.keptFeeCents === 0) return refund;
  return `${refund} The platform fee of ${formatUsd(input.keptFeeCents)} is kept: it was charged on your first booking with this owner and you hold other bookings with them.`;
}

/** What the booking quote says about the first-booking fee (shown with a fee above 0). */
export const FIRST_BOOKING_FEE_NOTE =
  'The platform fee is not refunded if you cancel this booking while you hold other bookings with this owner.';
