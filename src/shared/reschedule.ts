/**
 * Rescheduling a booking (docs/decisions/040-rescheduling.md): the pure rules of what moving a
 * booking to another time costs, in cents. Moving is priced as cancelling the old booking under its
 * listing's policy and booking the new time, with the money already paid carried over:
 * `priceDifference = newTotal - oldTotal + cancellationCost`. Positive: the renter pays the
 * difference; negative: it is refunded; zero: nothing moves.
 */
import { cancellationRefund } from './cancellation';
import type { CancellationPolicyTier } from './constants';
import { formatUsd, fromCents } from './money';

/** How many times one booking may be moved (moves made or asked for). */
export const MAX_RESCHEDULES = 3;

/** The 409 of a move that would cost more than the booking (charging it waits for the renter's saved card). */
export const COSTS_MORE = 'This change costs more than your booking. Choose a time that costs the same or less.';

/** What a move costs, in cents. */
export interface RescheduleDifference {
  /** What the renter has in the booking now: what was charged less the refunds decided for it. */
  oldTotalCents: number;
  /** What cancelling the booking now would keep of it under its tier (0 inside the free window). */
  cancellationCostCents: number;
  /** `newTotalCents - oldTotalCents + cancellationCostCents`: positive charged, negative refunded. */
  priceDifferenceCents: number;
  /** Whether cancelling now would refund the booking in full (the policy's free window). */
  freeWindow: boolean;
}

/**
 * What moving a booking to a range quoted at `newTotalCents` costs at `now`
 * (docs/decisions/040-rescheduling.md), by the cancellation rules of src/shared/cancellation.ts:
 * cancelling now would refund the policy's share of what was charged (never less than the refunds
 * already decided), and keep the rest. The first-booking fee rule (docs/decisions/008) does not
 * apply: the renter keeps booking with the owner. A refund never exceeds what the renter has in the
 * booking (`priceDifferenceCents >= -oldTotalCents`).
 * @param input.chargedCents the booking's total as charged (`total_price`), cents
 * @param input.refundedCents the refunds decided for it so far (`refund_amount`), cents, 0 to charged
 * @param input.startAt the booking's current start (UTC instant): the policy counts from it
 * @param input.newTotalCents the new range's total by the shared quote (`quoteBooking`), cents
 */
export function priceDifference(input: {
  tier: CancellationPolicyTier;
  chargedCents: number;
  refundedCents: number;
  startAt: Date;
  now: Date;
  newTotalCents: number;
}): RescheduleDifference {
  const refunded = Math.min(Math.max(input.refundedCents, 0), input.chargedCents);
  const oldTotalCents = input.chargedCents - refunded;
  const policy = cancellationRefund({
    tier: input.tier,
    totalCents: input.chargedCents,
    feeCents: 0,
    feeKept: false,
    startAt: input.startAt,
    now: input.now,
    cancelledBy: 'renter',
  });
  const cancellationCostCents = input.chargedCents - Math.max(policy.refundCents, refunded);
  const raw = input.newTotalCents - oldTotalCents + cancellationCostCents;
  return {
    oldTotalCents,
    cancellationCostCents,
    priceDifferenceCents: Math.max(raw, -oldTotalCents),
    freeWindow: policy.percent === 100,
  };
}

/**
 * What the change dialog says of a difference, e.g. "You will be refunded $40.00." or, outside the
 * free window, "Changing now costs what cancelling would: $50.00 under the policy. You will pay
 * $10.00 more."
 */
export function describeDifference(difference: RescheduleDifference): string {
  const cents = difference.priceDifferenceCents;
  const money =
    cents < 0
      ? `You will be refunded ${formatUsd(-cents)}.`
      : cents > 0
        ? `This change costs ${formatUsd(cents)} more.`
        : 'The price stays the same.';
  if (difference.freeWindow || difference.cancellationCostCents === 0) return money;
  return `Changing now costs what cancelling would: ${formatUsd(difference.cancellationCostCents)} under the cancellation policy. ${money}`;
}

/** Signed cents as the wire's decimal string: -4000 -> "-40.00". */
export function signedAmount(cents: number): string {
  return cents < 0 ? `-${fromCents(-cents)}` : fromCents(cents);
}
