/**
 * What becomes of an owner's payout of a payment charged on the platform (docs/decisions/033-owed-payouts.md):
 * pure rules over the stored payment, read by the transfer job (src/server/payouts) and by every
 * read of what is owed. Amounts in cents.
 */
import { payoutFigures } from './receipt';
import type { StoredPayment } from './schemas/paperwork';

/** Booking statuses a payment can no longer go ahead from with money taken. */
const ENDED_STATUSES: readonly string[] = ['cancelled', 'declined', 'expired'];

/** A stored payment as these rules read it. */
export interface OwedPaymentState {
  payment: StoredPayment;
  /** The payment's status (`bookings.payment_status`, the series' for a series). */
  paymentStatus: string;
  /** A cancelled booking's refund is decided but not made yet (the provider has not refunded it). */
  refundsPending: boolean;
}

/** What to do now with an `owed` payout. */
export type OwedPayoutStep =
  /** Send `cents` to the owner: the payment holds money and their share of it is above 0. */
  | { kind: 'transfer'; cents: number }
  /** Nothing will ever be owed: the payment ended with nothing for the owner. */
  | { kind: 'void' }
  /** Not yet: the payment is not made (a hold, a request), or a refund of it is under way. */
  | { kind: 'wait' };

/**
 * The step of an owed payout: a paid (or partly refunded) payment transfers its payout statement
 * (`payoutFigures`), once no decided refund is still to be made; one given back in full, released,
 * or whose bookings all ended unpaid is void; anything else waits.
 */
export function owedPayoutStep(state: OwedPaymentState): OwedPayoutStep {
  const { payment, paymentStatus } = state;
  if (paymentStatus === 'paid' || paymentStatus === 'partially_refunded') {
    if (state.refundsPending) return { kind: 'wait' };
    const cents = payoutFigures(payment).payoutCents;
    return cents > 0 ? { kind: 'transfer', cents } : { kind: 'void' };
  }
  if (paymentStatus === 'refunded' || paymentStatus === 'canceled') return { kind: 'void' };
  if (paymentStatus === 'authorized') return { kind: 'wait' };
  // Not paid (none, requires_payment): void once every booking of it has ended.
  return payment.occurrences.every((occurrence) => ENDED_STATUSES.includes(occurrence.status)) ? { kind: 'void' } : { kind: 'wait' };
}

/**
 * What an owed payout is worth now, cents: the payout statement of a payment that holds money
 * (paid or partly refunded), else 0. This is the amount the owner is shown as owed.
 */
export function owedCents(state: Pick<OwedPaymentState, 'payment' | 'paymentStatus'>): number {
  if (state.paymentStatus !== 'paid' && state.paymentStatus !== 'partially_refunded') return 0;
  return Math.max(0, payoutFigures(state.payment).payoutCents);
}

/**
 * How much of a transfer to take back now, cents: what the owner still holds of it (transferred less
 * reversed) above the payment's payout statement now. A refund after the transfer reduces the
 * owner's share as a destination charge's `reverse_transfer` would; never negative, never more than
 * is left of the transfer.
 */
export function reversalDueCents(input: { transferredCents: number; reversedCents: number; payoutCents: number }): number {
  const held = input.transferredCents - input.reversedCents;
  return Math.max(0, Math.min(held, held - Math.max(0, input.payoutCents)));
}
