/**
 * The owner's earnings of one payment, stay by stay (docs/decisions/034-owner-earnings.md): the
 * payout statement (`payoutFigures`, ./receipt.ts) of a stored payment split over its occurrences,
 * so that each stay counts in its own month and the stays of a payment add up to its statement to
 * the cent. Cents throughout.
 */
import { splitCents } from './money';
import { payoutFigures } from './receipt';
import type { StoredPayment } from './schemas/paperwork';

/** One stay's share of its payment, cents: gross less the fee kept less the refunds is its earnings. */
export interface StayEarnings {
  bookingId: string;
  grossCents: number;
  /** The platform fee kept: its share of the fee, less the share of it returned with its refund. */
  feeCents: number;
  refundCents: number;
  earningsCents: number;
}

/**
 * The payment's payout statement split over its occurrences (earliest first, as stored): each
 * stay's stored total; the platform fee split in proportion to the totals, as the checkout split
 * it (`splitCents`, docs/decisions/026-booking-series.md); each stay's own refund, and a refund the
 * stays do not record (a payment released whole) split over what was left of them; the fee returned
 * with the refunds split in proportion to them. The earnings add up to `payoutFigures(payment).payoutCents`.
 */
export function stayEarnings(payment: StoredPayment): StayEarnings[] {
  const { payoutCents, refundedCents: refunded, feeReturnedCents: feeBack } = payoutFigures(payment);
  const totals = payment.occurrences.map((o) => o.totalCents);
  const fees = splitCents(payment.platformFeeCents, totals);
  const listed = payment.occurrences.map((o, i) => Math.min(o.amountRefundedCents, totals[i]!));
  const listedSum = listed.reduce((sum, cents) => sum + cents, 0);
  const rest = Math.max(0, refunded - listedSum);
  const restShares =
    rest > 0
      ? splitCents(
          rest,
          totals.map((total, i) => total - listed[i]!),
        )
      : totals.map(() => 0);
  const refunds = listed.map((cents, i) => cents + restShares[i]!);
  const refundSum = refunds.reduce((sum, cents) => sum + cents, 0);
  const feesBack = refundSum > 0 ? splitCents(feeBack, refunds) : refunds.map(() => 0);
  const stays = payment.occurrences.map((o, i) => {
    const feeCents = fees[i]! - feesBack[i]!;
    return {
      bookingId: o.bookingId,
      grossCents: totals[i]!,
      feeCents,
      refundCents: refunds[i]!,
      earningsCents: totals[i]! - feeCents - refunds[i]!,
    };
  });
  // What the statement says is the one figure: a stay's refunds above what was refunded in all
  // (never so when the rows agree) go back on the last stay, so the sum is the statement's.
  const drift = payoutCents - stays.reduce((sum, stay) => sum + stay.earningsCents, 0);
  if (drift !== 0 && stays.length > 0) stays.at(-1)!.earningsCents += drift;
  return stays;
}
