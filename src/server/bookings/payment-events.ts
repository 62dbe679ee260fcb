/**
 * What a verified payment event does to its booking: the bookings feature's
 * side of the Stripe webhook (payments/webhook.ts). The webhook verifies and
 * reads each event and records it once; app.ts gives it these steps
 * ({@link bookingPaymentSteps}), so payments never imports bookings. Each
 * step runs on the database it is given: the transaction that records the
 * event, or the database itself when the step needs the provider after all.
 */
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { fromCents } from '../../shared/money';
import { refundTransition } from '../../shared/payment-lifecycle';
import type { Database } from '../db/client';
import { bookings, payments } from '../db/schema';
import { HttpError } from '../http/errors';
import { movePayment } from '../payments/payment-writer';
import type { DisputeInfo, PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import type { BookingPaymentSteps } from '../payments/webhook';
import { type BookingRow } from './booking-row';
import { moveBooking, moveBookings } from './booking-writer';
import { settlePayment } from './confirmation';
import { tellEachStep, tellPayoutSent } from './notices';
import { bookingsOfPayment, findPayment, type PaymentRow } from './payment-bookings';

/** The payment of an intent: by the stored intent id, else by the intent's metadata (`paymentId`, `seriesId`, or `bookingId`'s payment). */
async function paymentOfIntent(db: Database, intentId: string, metadata: Record<string, string> = {}): Promise<PaymentRow | null> {
  const [stored] = await db.select().from(payments).where(eq(payments.stripePaymentIntentId, intentId)).limit(1);
  if (stored) return stored;
  for (const id of [metadata.paymentId, metadata.seriesId]) {
    const named = id && z.uuid().safeParse(id).success ? await findPayment(db, id) : null;
    if (named) return named;
  }
  const bookingId = metadata.bookingId;
  if (!bookingId || !z.uuid().safeParse(bookingId).success) return null;
  const [booking] = await db.select({ paymentId: bookings.paymentId }).from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  return booking?.paymentId ? findPayment(db, booking.paymentId) : null;
}

/** Whether an intent pays for a payment of ours that has no other intent (else its money is given back). */
async function paysForBooking(db: Database, intent: PaymentIntentInfo): Promise<boolean> {
  const payment = await paymentOfIntent(db, intent.id, intent.metadata);
  return Boolean(payment && !(payment.stripePaymentIntentId && payment.stripePaymentIntentId !== intent.id));
}

/**
 * Settles the payment of a verified succeeded or authorised intent through {@link settlePayment},
 * linking them first when the hold was made but the intent id not stored. What is not settled (a
 * stale event, a lapsed hold whose money was given back, another payment's intent) is logged, not thrown.
 */
async function settleIntent(db: Database, provider: PaymentProvider, intent: PaymentIntentInfo, log: FastifyBaseLogger): Promise<void> {
  let payment = await paymentOfIntent(db, intent.id, intent.metadata);
  if (!payment) return;
  if (!payment.stripePaymentIntentId) {
    // The hold was made but the intent id not stored (a crash in between): link them.
    await movePayment(db, { paymentId: payment.id }, 'open', { stripePaymentIntentId: intent.id });
    payment = await findPayment(db, payment.id);
  }
  if (!payment || payment.stripePaymentIntentId !== intent.id) return;
  try {
    await settlePayment(db, provider, payment.id, intent);
  } catch (error) {
    // 402: not paid (yet) — a stale event; 409: the hold had lapsed and the money was given back; 400: not this payment's intent.
    if (!(error instanceof HttpError)) throw error;
    const level = error.statusCode === 400 ? 'error' : 'info';
    log[level]({ intentId: intent.id, paymentId: payment.id, status: error.statusCode, reason: error.message }, 'payment not settled');
  }
}

/** Stripe released an unpaid or authorised intent: its payment's hold or request expires, as a whole. */
async function expireCanceledIntent(db: Database, intentId: string): Promise<void> {
  const [payment] = await db.select().from(payments).where(eq(payments.stripePaymentIntentId, intentId)).limit(1);
  if (!payment) return;
  const rows = await bookingsOfPayment(db, payment.id);
  const from = rows.every((row) => row.status === 'awaiting_payment')
    ? ('awaiting_payment' as const)
    : rows.every((row) => row.status === 'pending')
      ? ('pending' as const)
      : null;
  await db.transaction(async (tx) => {
    if (from && rows.length > 0) {
      const moved = await moveBookings(tx, { paymentId: payment.id }, from, 'expire', { holdExpiresAt: null, requestExpiresAt: null });
      await tellEachStep(tx, from === 'pending' ? 'request_expired' : 'hold_expired', moved);
    }
    await movePayment(tx, { paymentId: payment.id }, 'release');
  });
}

/**
 * A charge was refunded (by us or in Stripe's dashboard): records what Stripe has refunded on the
 * intent (`intent.amountRefunded`, cents; stored in dollars in `amount_refunded`) and the payment
 * status, and marks as refunded each booking of the payment whose own refunded amount now covers
 * the refund decided for it, or its whole price (so the reconciliation job does not make it again).
 * A full refund cancels the payment's confirmed bookings that have not ended (made in the
 * dashboard, say) through the state table, so the dates are free again and nobody holds a booking
 * that was paid back; the refund decided for each is its price.
 */
async function recordRefund(db: Database, intent: PaymentIntentInfo, now = new Date()): Promise<void> {
  const [payment] = await db.select().from(payments).where(eq(payments.stripePaymentIntentId, intent.id)).limit(1);
  if (!payment || intent.amountRefunded <= 0) return;
  const refund = refundTransition(intent.amountRefunded, intent.amount);
  await db.transaction(async (tx) => {
    // The bookings' own shares of a series' payment move with their own refunds (below, or as the settler makes them).
    const recorded = await movePayment(tx, { paymentId: payment.id, occurrences: false }, refund, {
      amountRefunded: fromCents(intent.amountRefunded),
    });
    if (!recorded.moved) return;
    await tx
      .update(bookings)
      .set({ refundedAt: now })
      .where(
        and(
          eq(bookings.paymentId, payment.id),
          isNull(bookings.refundedAt),
          or(lte(bookings.refundAmount, bookings.amountRefunded), lte(bookings.totalPrice, bookings.amountRefunded)),
        ),
      );
    if (refund !== 'refund_all') return;
    const cancelled: BookingRow[] = [];
    for (const row of await bookingsOfPayment(tx, payment.id)) {
      if (row.status !== 'confirmed' || row.endAt <= now) continue;
      const moved = await moveBooking(
        tx,
        row.id,
        'confirmed',
        'cancel',
        { refundAmount: row.totalPrice, cancelledAt: now },
        { payment: 'refund_all', paymentChanges: { amountRefunded: row.totalPrice, refundedAt: now } },
      );
      if (moved) cancelled.push(moved);
    }
    await tellEachStep(tx, 'cancelled', cancelled, now);
  });
}

/** Records a dispute's current status on the disputed payment (its bookings show it). */
async function recordDispute(db: Database, dispute: DisputeInfo & { paymentIntentId: string }, log: FastifyBaseLogger): Promise<void> {
  const [payment] = await db
    .update(payments)
    .set({ disputeStatus: dispute.status })
    .where(eq(payments.stripePaymentIntentId, dispute.paymentIntentId))
    .returning({ id: payments.id });
  if (!payment) {
    log.warn(
      { disputeId: dispute.id, intentId: dispute.paymentIntentId, status: dispute.status },
      'dispute of a payment that is no booking',
    );
    return;
  }
  log.warn({ disputeId: dispute.id, paymentId: payment.id, status: dispute.status }, 'payment dispute');
}

/** The booking steps of the Stripe webhook (see {@link BookingPaymentSteps}). */
export const bookingPaymentSteps: BookingPaymentSteps = {
  paysForBooking,
  settle: settleIntent,
  expire: expireCanceledIntent,
  recordRefund,
  recordDispute,
  payoutPaid: async (db, payout) => {
    await tellPayoutSent(db, payout);
  },
};
