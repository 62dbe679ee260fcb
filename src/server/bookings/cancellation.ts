/**
 * Cancelling confirmed bookings that have not ended, one booking or the rest of a series, on one
 * path ({@link cancelBookings}): the renter gets a refund by the listing's policy, the owner cancels
 * with a full refund, and a renter who cancels the booking that carried the first-booking fee while
 * holding other bookings with the owner leaves the fee with the platform
 * (docs/decisions/008-first-booking-fee-on-cancellation.md). The dates are free at once; the
 * refunds are made by the payment's one settler (`settleMoney`), and the reconciliation job makes
 * one that failed.
 */
import { cancellationReason, cancellationRefund, keepsFirstBookingFee, seriesCancellationReason } from '../../shared/cancellation';
import type { CancellationRefund, CancelledBy } from '../../shared/cancellation';
import { fromCents, toCents } from '../../shared/money';
import type { Booking, CancellationQuote } from '../../shared/schemas/bookings';
import type { Database } from '../db/client';
import { conflict, forbidden } from '../http/errors';
import type { PaymentProvider } from '../payments/provider';
import { CHANGED_MEANWHILE, findBookingPayment, requireBookingWithSpace, toBooking, type BookingRow, type SpaceRow } from './booking-row';
import { moveBooking } from './booking-writer';
import { holdsOtherBookingsWithOwner } from './first-booking';
import { tellBookingStep, tellSeriesStep } from './notices';
import { bookingsOfPayment, moveWholePayment, paymentIdOf } from './payment-bookings';
import { cancellationRefundAmount, settleMoney } from './settlement';

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

/** A cancellation asked for: the confirmed bookings it cancels (of one payment), their space and who cancels. */
export interface CancellationRequest {
  rows: readonly BookingRow[];
  space: SpaceRow;
  cancelledBy: CancelledBy;
  /** Whether the rows are the rest of a series (told and explained as one), not one booking. */
  rest: boolean;
  /**
   * Refund each in full whoever cancels: occurrences a standing booking's notice ends, whose
   * notice took the place of the policy (docs/decisions/041-standing-bookings.md).
   */
  refundAll?: boolean;
}

/** What cancelling each booking of `request` refunds, by its own tier and start. */
async function decideEach(db: Database, { rows, space, cancelledBy, refundAll }: CancellationRequest, now: Date) {
  const ids = rows.map((row) => row.id);
  const decisions: { row: BookingRow; decision: CancellationRefund }[] = [];
  // An owner's cancellation refunds in full (src/shared/cancellation.ts): the refund of `refundAll`.
  const decidedAs = refundAll ? 'owner' : cancelledBy;
  for (const row of rows) decisions.push({ row, decision: await decideCancellation(db, row, space, decidedAs, now, ids) });
  return decisions;
}

/**
 * What cancelling the bookings of `request` would refund now, the first-booking fee it would keep
 * and why (the Cancel dialog shows it; docs/decisions/008-first-booking-fee-on-cancellation.md).
 */
export async function quoteCancellationOf(db: Database, request: CancellationRequest, now = new Date()): Promise<CancellationQuote> {
  const decisions = await decideEach(db, request, now);
  const tier = request.rows[0]!.cancellationPolicyTier;
  const totalCents = request.rows.reduce((sum, row) => sum + toCents(row.totalPrice), 0);
  const refundCents = decisions.reduce((sum, { decision }) => sum + decision.refundCents, 0);
  const keptFeeCents = decisions.reduce((sum, { decision }) => sum + decision.keptFeeCents, 0);
  const { cancelledBy } = request;
  return {
    refundAmount: fromCents(refundCents),
    totalPrice: fromCents(totalCents),
    cancellationPolicyTier: tier,
    keptFeeAmount: fromCents(keptFeeCents),
    reason: request.rest
      ? seriesCancellationReason({ tier, count: request.rows.length, totalCents, refundCents, keptFeeCents, cancelledBy })
      : cancellationReason({ tier, totalCents, cancelledBy, ...decisions[0]!.decision }),
  };
}

/**
 * Cancels the bookings of `request` at once, each refunded by its own decision
 * ({@link decideCancellation}), all in one transaction or none, told as one step; then the
 * payment's settler makes the refunds (reversing the owner's transfer and the fee in proportion),
 * except a kept first-booking fee. A refund that fails here, or waits for another settler, is made
 * by the reconciliation job (`refund_amount` is recorded with the cancellation).
 * @returns the bookings as they are after the refund
 * @throws HttpError 409 when a booking is not in a state that can be cancelled, or moved meanwhile
 */
export async function cancelBookings(
  db: Database,
  payments: PaymentProvider,
  request: CancellationRequest,
  now = new Date(),
): Promise<BookingRow[]> {
  const decisions = await decideEach(db, request, now);
  const cancelled = await moveWholePayment(db, request.rows.length, async (tx) => {
    const moved: BookingRow[] = [];
    for (const { row, decision } of decisions) {
      const done = await moveBooking(tx, row.id, row.status, 'cancel', {
        refundAmount: cancellationRefundAmount(decision.refundCents),
        feeRetained: decision.keptFeeCents > 0,
        cancelledBy: request.cancelledBy,
        cancelledAt: now,
      });
      if (done) moved.push(done);
    }
    if (request.rest) await tellSeriesStep(tx, 'cancelled', moved, now);
    else if (moved[0]) await tellBookingStep(tx, 'cancelled', moved[0], now);
    return moved;
  });
  if (!cancelled) throw conflict(CHANGED_MEANWHILE);
  if (decisions.every(({ decision }) => decision.refundCents === 0)) return cancelled;
  const paymentId = paymentIdOf(cancelled[0]!);
  await settleMoney(db, payments, paymentId, now).catch(() => undefined);
  const ids = new Set(cancelled.map((row) => row.id));
  return (await bookingsOfPayment(db, paymentId)).filter((row) => ids.has(row.id));
}

/**
 * GET /api/bookings/{id}/cancellation: what cancelling the booking would refund now, and why.
 * @throws HttpError 403 neither renter nor owner, 404 unknown booking
 */
export async function quoteCancellation(db: Database, id: string, userId: string, now = new Date()): Promise<CancellationQuote> {
  const { booking, space } = await requireBookingWithSpace(db, id);
  const cancelledBy = cancellingParty(booking, space, userId);
  return quoteCancellationOf(db, { rows: [booking], space, cancelledBy, rest: false }, now);
}

/**
 * PUT /api/bookings/{id}/cancel: the renter (refund by the listing's policy) or the owner (full
 * refund) cancels a confirmed booking that has not ended ({@link cancelBookings}).
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
  const [cancelled] = await cancelBookings(db, payments, { rows: [booking], space, cancelledBy, rest: false }, now);
  return toBooking(cancelled!, await findBookingPayment(db, cancelled!.paymentId), space);
}
