/**
 * Cancelling a confirmed booking that has not ended: the renter gets a refund
 * by the listing's policy, the owner cancels with a full refund, and a
 * renter who cancels the booking that carried the first-booking fee while
 * holding other bookings with the owner leaves the fee with the platform
 * (docs/decisions/008-first-booking-fee-on-cancellation.md). The dates are
 * free at once; the refund goes through the provider once, and the
 * reconciliation job retries one that failed (`refundCancelled`).
 */
import { eq } from 'drizzle-orm';
import {
  cancellationReason,
  cancellationRefund,
  keepsFirstBookingFee,
  type CancellationRefund,
  type CancelledBy,
} from '../../shared/cancellation';
import { fromCents, toCents } from '../../shared/money';
import { refundTransition } from '../../shared/payment-lifecycle';
import type { Booking, CancellationQuote } from '../../shared/schemas/bookings';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import { conflict, forbidden } from '../http/errors';
import type { PaymentProvider } from '../payments/provider';
import { CHANGED_MEANWHILE, requireBookingWithSpace, toBooking, type BookingRow, type SpaceRow } from './booking-row';
import { moveBooking } from './booking-writer';
import { movePayment } from '../payments/payment-writer';
import { holdsOtherBookingsWithOwner } from './first-booking';
import { afterRefund } from './money-back';
import { tellBookingStep } from './notices';
import { cancellationRefundAmount, settleSeriesMoney } from './series-money';

/**
 * What cancelling `booking` at `now` refunds and keeps: the policy's share,
 * and the first-booking fee kept when the renter cancels the booking that
 * carried it while holding other bookings with the owner
 * (docs/decisions/008-first-booking-fee-on-cancellation.md).
 * @param cancelledTogether the bookings cancelled at once with it (the rest of a series), which
 *   do not count as other bookings held
 */
export async function decideCancellation(
  db: Database,
  booking: BookingRow,
  space: SpaceRow,
  cancelledBy: CancelledBy,
  now: Date,
  cancelledTogether: string | readonly string[] = booking.id,
): Promise<CancellationRefund> {
  const feeCents = toCents(booking.platformFeeAmount ?? '0');
  const feeKept = keepsFirstBookingFee({
    cancelledBy,
    feeCents,
    holdsOtherBookingsWithOwner:
      cancelledBy === 'renter' &&
      feeCents > 0 &&
      (await holdsOtherBookingsWithOwner(db, booking.renterId, space.ownerId, cancelledTogether, now)),
  });
  return cancellationRefund({
    tier: booking.cancellationPolicyTier,
    totalCents: toCents(booking.totalPrice),
    feeCents,
    feeKept,
    startAt: booking.startAt,
    now,
    cancelledBy,
  });
}

/** Who may cancel a booking: its renter or its space's owner. @throws HttpError 403 anyone else */
export function cancellingParty(booking: { renterId: string }, space: Pick<SpaceRow, 'ownerId'>, userId: string): CancelledBy {
  if (booking.renterId === userId) return 'renter';
  if (space.ownerId === userId) return 'owner';
  throw forbidden('Only the renter or the owner can cancel this booking.');
}

/**
 * What cancelling would refund now, the first-booking fee it would keep and
 * why (the Cancel dialog shows it; docs/decisions/008-first-booking-fee-on-cancellation.md).
 * @throws HttpError 403 neither renter nor owner, 404 unknown booking
 */
export async function quoteCancellation(db: Database, id: string, userId: string, now = new Date()): Promise<CancellationQuote> {
  const { booking, space } = await requireBookingWithSpace(db, id);
  const cancelledBy = cancellingParty(booking, space, userId);
  const decision = await decideCancellation(db, booking, space, cancelledBy, now);
  const totalCents = toCents(booking.totalPrice);
  return {
    refundAmount: fromCents(decision.refundCents),
    totalPrice: booking.totalPrice,
    cancellationPolicyTier: booking.cancellationPolicyTier,
    keptFeeAmount: fromCents(decision.keptFeeCents),
    reason: cancellationReason({ tier: booking.cancellationPolicyTier, totalCents, cancelledBy, ...decision }),
  };
}

/**
 * PUT /api/bookings/{id}/cancel: the renter (refund by the listing's policy)
 * or the owner (full refund) cancels a confirmed booking that has not ended.
 * Its dates are free again at once; the refund goes through the provider
 * (reversing the owner's transfer and the fee in proportion), except a kept
 * first-booking fee (docs/decisions/008-first-booking-fee-on-cancellation.md).
 * @throws HttpError 403 neither renter nor owner, 404 unknown booking, 409 not confirmed or already ended
 */
export async function cancelBooking(
  db: Database,
  payments: PaymentProvider,
  id: string,
  userId: string,
  now = new Date(),
): Promise<Booking> {
  const { booking, space } = await requireBookingWithSpace(db, id);
  const cancelledBy = cancellingParty(booking, space, userId);
  if (booking.status === 'confirmed' && booking.endAt <= now) throw conflict('This booking has already ended.');
  const decision = await decideCancellation(db, booking, space, cancelledBy, now);
  const refund = decision.refundCents;
  const cancelled = await db.transaction(async (tx) => {
    const moved = await moveBooking(tx, id, booking.status, 'cancel', {
      refundAmount: cancellationRefundAmount(refund),
      feeRetained: decision.keptFeeCents > 0,
      cancelledBy,
      cancelledAt: now,
    });
    if (moved) await tellBookingStep(tx, 'cancelled', moved, now);
    return moved;
  });
  if (!cancelled) throw conflict(CHANGED_MEANWHILE);
  if (refund === 0) return toBooking(cancelled, space);
  if (cancelled.seriesId) {
    // An occurrence's refund comes out of its series' one payment (docs/decisions/026-booking-series.md);
    // one that fails here, or waits for another settler, is made by the reconciliation job.
    await settleSeriesMoney(db, payments, cancelled.seriesId, now).catch(() => undefined);
    const [current] = await db.select().from(bookings).where(eq(bookings.id, cancelled.id)).limit(1);
    return toBooking(current ?? cancelled, space);
  }
  // A refund that fails here is retried by the reconciliation job (refund_amount set, refunded_at null).
  const refunded = await refundCancelled(db, payments, cancelled).catch(() => cancelled);
  return toBooking(refunded, space);
}

/**
 * Makes the refund decided for a cancelled booking, once: what the provider
 * has already refunded of the payment counts towards it (an earlier attempt
 * that went through but was not recorded), and the call carries the
 * decision's one key (`cancel-<id>`). Records what the provider has refunded.
 */
export async function refundCancelled(db: Database, payments: PaymentProvider, booking: BookingRow): Promise<BookingRow> {
  const decided = toCents(booking.refundAmount ?? '0');
  if (booking.status !== 'cancelled' || decided === 0 || booking.refundedAt || !booking.stripePaymentIntentId) return booking;
  const before = await payments.retrievePaymentIntent(booking.stripePaymentIntentId);
  if (!before) return booking;
  const due = Math.min(decided, before.amount) - before.amountRefunded;
  let after = before;
  if (due > 0) {
    await payments.refundPaymentIntent(before.id, {
      amount: due,
      idempotencyKey: `cancel-${booking.id}`,
      // A kept first-booking fee stays with the platform (docs/decisions/008-first-booking-fee-on-cancellation.md).
      keepApplicationFee: booking.feeRetained,
    });
    after = await afterRefund(payments, before);
  }
  const recorded = await movePayment(db, { bookingId: booking.id }, refundTransition(after.amountRefunded, after.amount), {
    refundedAt: new Date(),
    amountRefunded: fromCents(after.amountRefunded),
  });
  if (recorded.bookings[0]) return recorded.bookings[0];
  const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id)).limit(1);
  return row ?? booking;
}
