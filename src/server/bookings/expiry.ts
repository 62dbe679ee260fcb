/**
 * Expiry at the deadline (docs/decisions/005-bookings-as-holds.md): a hold not paid within
 * HOLD_MINUTES, a request not answered within REQUEST_ANSWER_HOURS. A request enqueues an
 * `expire-booking` job for its deadline in the transaction that sets it. A hold enqueues none
 * (docs/decisions/023-durable-jobs.md): holds are made at every checkout, most are paid within
 * minutes, and the per-minute reconciliation sweep (reconciliation.ts) expires a lapsed one within
 * a minute, as it catches anything a request's job missed. A new hold on the same dates expires a
 * lapsed one at once (checkout.ts).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import type { PaymentProvider } from '../payments/provider';
import { releasePayment } from './money-back';
import { tellBookingStep } from './notices';
import { expireSeriesRequest } from './series-answers';
import { moveBooking } from './booking-writer';

/** What {@link expireBooking} did. */
export type ExpiryOutcome = 'hold_expired' | 'request_expired' | 'not_due';

/**
 * Expires the booking `bookingId` when its hold or request deadline has passed and it is still
 * waiting, then gives its payment back (cancels the intent or releases the card). Idempotent: a
 * booking that moved on, or whose deadline is later, is left alone; one expired earlier whose
 * money was not yet given back is given back now.
 * @throws Error when the provider cannot release the payment (the job is retried)
 */
export async function expireBooking(
  db: Database,
  payments: PaymentProvider | null,
  bookingId: string,
  now = new Date(),
): Promise<ExpiryOutcome> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) return 'not_due';
  // A series' request expires as a whole (docs/decisions/026-booking-series.md).
  if (booking.seriesId) return (await expireSeriesRequest(db, payments, booking.seriesId, now)) ? 'request_expired' : 'not_due';
  let outcome: ExpiryOutcome = 'not_due';
  let current = booking;
  if (booking.status === 'awaiting_payment' && booking.holdExpiresAt && booking.holdExpiresAt <= now) {
    const moved = await db.transaction(async (tx) => {
      const expired = await moveBooking(tx, booking.id, 'awaiting_payment', 'expire', { holdExpiresAt: null });
      if (expired) await tellBookingStep(tx, 'hold_expired', expired, now);
      return expired;
    });
    if (moved) [outcome, current] = ['hold_expired', moved];
  } else if (booking.status === 'pending' && !booking.acceptingAt && booking.requestExpiresAt && booking.requestExpiresAt <= now) {
    // A request being accepted (claimed) is left to its claimant.
    const moved = await db.transaction(async (tx) => {
      const expired = await moveBooking(tx, booking.id, 'pending', 'expire', { requestExpiresAt: null });
      if (expired) await tellBookingStep(tx, 'request_expired', expired, now);
      return expired;
    });
    if (moved) [outcome, current] = ['request_expired', moved];
  }
  const moneyLeft = ['requires_payment', 'authorized', 'paid'].includes(current.paymentStatus) && current.stripePaymentIntentId;
  if (payments && current.status === 'expired' && moneyLeft) await releasePayment(db, payments, current);
  return outcome;
}
