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
import type { BookingRow } from './booking-row';
import { moveBookings } from './booking-writer';
import { tellEachStep } from './notices';
import { bookingsOfPayment, findPayment, moveWholePayment, paymentIdOf } from './payment-bookings';
import { settleMoney } from './settlement';

/** What {@link expireBooking} did. */
export type ExpiryOutcome = 'hold_expired' | 'request_expired' | 'not_due';

/** Whether every booking of a payment is a hold past its deadline. */
const lapsedHolds = (rows: readonly BookingRow[], now: Date) =>
  rows.every((row) => row.status === 'awaiting_payment' && row.holdExpiresAt && row.holdExpiresAt <= now);

/** Whether every booking of a payment is a request past its answer deadline that no Accept has claimed (a claim is its claimant's). */
const lapsedRequests = (rows: readonly BookingRow[], now: Date) =>
  rows.every((row) => row.status === 'pending' && !row.acceptingAt && row.requestExpiresAt && row.requestExpiresAt <= now);

/**
 * Expires the payment of booking `bookingId` when its hold or request deadline has passed and it is
 * still waiting: every booking of the payment (a series' occurrences expire as a whole,
 * docs/decisions/026-booking-series.md), then gives its money back (cancels the intent or releases
 * the card). Idempotent: a payment whose bookings moved on, or whose deadline is later, is left
 * alone; one expired earlier whose money was not yet given back is given back now.
 * @throws Error when the provider cannot give the money back (the job is retried)
 */
export async function expireBooking(
  db: Database,
  payments: PaymentProvider | null,
  bookingId: string,
  now = new Date(),
): Promise<ExpiryOutcome> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) return 'not_due';
  const paymentId = paymentIdOf(booking);
  const rows = await bookingsOfPayment(db, paymentId);
  let outcome: ExpiryOutcome = 'not_due';
  const due = lapsedHolds(rows, now)
    ? ({ from: 'awaiting_payment', step: 'hold_expired', clear: { holdExpiresAt: null } } as const)
    : lapsedRequests(rows, now)
      ? ({ from: 'pending', step: 'request_expired', clear: { requestExpiresAt: null } } as const)
      : null;
  if (due) {
    const moved = await moveWholePayment(db, rows.length, async (tx) => {
      const expired = await moveBookings(tx, { paymentId }, due.from, 'expire', due.clear);
      await tellEachStep(tx, due.step, expired, now);
      return expired;
    });
    if (moved) outcome = due.step;
  }
  if (!payments) return outcome;
  const after = await bookingsOfPayment(db, paymentId);
  const ended = after.length > 0 && after.every((row) => row.status === 'expired');
  const payment = await findPayment(db, paymentId);
  const moneyLeft = payment?.stripePaymentIntentId && payment.status !== 'canceled' && payment.status !== 'refunded';
  // Busy with another settler: that one, or the reconciliation job, gives it back.
  if (ended && moneyLeft) await settleMoney(db, payments, paymentId, now);
  return outcome;
}
