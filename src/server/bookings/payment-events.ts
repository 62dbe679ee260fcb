/**
 * What a verified payment event does to its booking: the bookings feature's
 * side of the Stripe webhook (payments/webhook.ts). The webhook verifies and
 * reads each event and records it once; app.ts gives it these steps
 * ({@link bookingPaymentSteps}), so payments never imports bookings. Each
 * step runs on the database it is given: the transaction that records the
 * event, or the database itself when the step needs the provider after all.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { fromCents, toCents } from '../../shared/money';
import { refundTransition } from '../../shared/payment-lifecycle';
import type { Database } from '../db/client';
import { bookings, bookingSeries } from '../db/schema';
import { HttpError } from '../http/errors';
import { movePayment } from '../payments/payment-writer';
import type { DisputeInfo, PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import type { BookingPaymentSteps } from '../payments/webhook';
import { type BookingRow } from './booking-row';
import { moveBooking, moveBookings } from './booking-writer';
import { settlePayment } from './checkout';
import { tellBookingStep, tellPayoutSent, tellSeriesStep } from './notices';
import { settleSeriesPayment } from './series-checkout';
import { findSeries, seriesOccurrences, seriesOfIntent, type SeriesRow } from './series';

/** The booking of a payment intent: by the stored intent id, else by the intent's `metadata.bookingId`. */
async function bookingOfIntent(db: Database, intentId: string, metadata: Record<string, string> = {}): Promise<BookingRow | null> {
  const [byIntent] = await db.select().from(bookings).where(eq(bookings.stripePaymentIntentId, intentId)).limit(1);
  if (byIntent) return byIntent;
  const bookingId = metadata.bookingId;
  if (!bookingId || !z.uuid().safeParse(bookingId).success) return null;
  const [byMetadata] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  return byMetadata ?? null;
}

/** The series a payment intent pays for: by the stored intent id, else by the intent's `metadata.seriesId`. */
async function seriesOfPayment(db: Database, intentId: string, metadata: Record<string, string> = {}): Promise<SeriesRow | null> {
  const stored = await seriesOfIntent(db, intentId);
  if (stored) return stored;
  const seriesId = metadata.seriesId;
  if (!seriesId || !z.uuid().safeParse(seriesId).success) return null;
  return findSeries(db, seriesId);
}

/** Whether an intent pays for a booking or series of ours that has no other payment (else its money is given back). */
async function paysForBooking(db: Database, intent: PaymentIntentInfo): Promise<boolean> {
  const series = await seriesOfPayment(db, intent.id, intent.metadata);
  if (series) return !(series.stripePaymentIntentId && series.stripePaymentIntentId !== intent.id);
  const booking = await bookingOfIntent(db, intent.id, intent.metadata);
  return Boolean(booking && !(booking.stripePaymentIntentId && booking.stripePaymentIntentId !== intent.id));
}

/**
 * Settles the booking of a verified succeeded or authorised intent through
 * {@link settlePayment}, linking them first when the hold was made but the
 * intent id not stored. What is not settled (a stale event, a lapsed hold
 * whose money was given back, another booking's payment) is logged, not thrown.
 */
async function settleIntent(db: Database, payments: PaymentProvider, intent: PaymentIntentInfo, log: FastifyBaseLogger): Promise<void> {
  const series = await seriesOfPayment(db, intent.id, intent.metadata);
  if (series) return settleSeriesIntent(db, payments, series, intent, log);
  let booking = await bookingOfIntent(db, intent.id, intent.metadata);
  if (!booking) return;
  if (!booking.stripePaymentIntentId) {
    // The hold was made but the intent id not stored (a crash in between): link them.
    const linked = await movePayment(db, { bookingId: booking.id }, 'open', { stripePaymentIntentId: intent.id });
    booking = linked.bookings[0] ?? (await bookingOfIntent(db, intent.id, intent.metadata));
    if (!booking) return;
  }
  try {
    await settlePayment(db, payments, booking, intent);
  } catch (error) {
    // 402: not paid (yet) — a stale event; 409: the hold had lapsed and the money was given back; 400: not this booking's payment.
    if (!(error instanceof HttpError)) throw error;
    const level = error.statusCode === 400 ? 'error' : 'info';
    log[level]({ intentId: intent.id, bookingId: booking.id, status: error.statusCode, reason: error.message }, 'payment not settled');
  }
}

/** {@link settleIntent} for a series' payment: `settleSeriesPayment`, linking the intent first when it was not stored. */
async function settleSeriesIntent(
  db: Database,
  payments: PaymentProvider,
  series: SeriesRow,
  intent: PaymentIntentInfo,
  log: FastifyBaseLogger,
): Promise<void> {
  let current: SeriesRow | null = series;
  if (!series.stripePaymentIntentId) {
    await db
      .update(bookingSeries)
      .set({ stripePaymentIntentId: intent.id })
      .where(and(eq(bookingSeries.id, series.id), isNull(bookingSeries.stripePaymentIntentId)));
    current = await findSeries(db, series.id);
  }
  if (!current || current.stripePaymentIntentId !== intent.id) return;
  try {
    await settleSeriesPayment(db, payments, current, intent);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const level = error.statusCode === 400 ? 'error' : 'info';
    log[level]({ intentId: intent.id, seriesId: series.id, status: error.statusCode, reason: error.message }, 'payment not settled');
  }
}

/** Stripe released a series' unpaid or authorised intent: its hold or request expires as a whole. */
async function expireCanceledSeries(db: Database, series: SeriesRow): Promise<void> {
  const occurrences = await seriesOccurrences(db, series.id);
  const from = occurrences.every((row) => row.status === 'awaiting_payment')
    ? ('awaiting_payment' as const)
    : occurrences.every((row) => row.status === 'pending')
      ? ('pending' as const)
      : null;
  await db.transaction(async (tx) => {
    if (from) {
      const moved = await moveBookings(tx, { seriesId: series.id }, from, 'expire', { holdExpiresAt: null, requestExpiresAt: null });
      await tellSeriesStep(tx, from === 'pending' ? 'request_expired' : 'hold_expired', moved);
    }
    await movePayment(tx, { seriesId: series.id }, 'release');
  });
}

/** Stripe released an unpaid or authorised intent: its hold or request expires. */
async function expireCanceledIntent(db: Database, intentId: string): Promise<void> {
  const series = await seriesOfIntent(db, intentId);
  if (series) return expireCanceledSeries(db, series);
  const booking = await bookingOfIntent(db, intentId);
  if (!booking || booking.stripePaymentIntentId !== intentId) return;
  if (booking.status === 'awaiting_payment') {
    await db.transaction(async (tx) => {
      const expired = await moveBooking(tx, booking.id, 'awaiting_payment', 'expire', { holdExpiresAt: null }, { payment: 'release' });
      if (expired) await tellBookingStep(tx, 'hold_expired', expired);
    });
  } else if (booking.status === 'pending') {
    await db.transaction(async (tx) => {
      const expired = await moveBooking(tx, booking.id, 'pending', 'expire', { requestExpiresAt: null }, { payment: 'release' });
      if (expired) await tellBookingStep(tx, 'request_expired', expired);
    });
  } else {
    await movePayment(db, { bookingId: booking.id }, 'release');
  }
}

/**
 * A charge was refunded (by us or in Stripe's dashboard): records what Stripe
 * has refunded on the intent (`intent.amountRefunded`, cents; stored in
 * dollars in `amount_refunded`) and the payment status. A full refund of a
 * confirmed booking that has not ended (made in the dashboard, say) cancels
 * it through the state table, so the dates are free again and nobody holds a
 * booking that was paid back.
 */
async function recordRefund(db: Database, intent: PaymentIntentInfo, now = new Date()): Promise<void> {
  const series = await seriesOfIntent(db, intent.id);
  if (series) return recordSeriesRefund(db, series, intent, now);
  const booking = await bookingOfIntent(db, intent.id);
  if (!booking || booking.stripePaymentIntentId !== intent.id || intent.amountRefunded <= 0) return;
  const refund = refundTransition(intent.amountRefunded, intent.amount);
  // The refund decided at cancellation is made: the reconciliation job must not make it again.
  const decidedDone = booking.refundAmount !== null && intent.amountRefunded >= toCents(booking.refundAmount);
  const paymentChanges = {
    amountRefunded: fromCents(intent.amountRefunded),
    ...(!booking.refundedAt && (refund === 'refund_all' || decidedDone) ? { refundedAt: now } : {}),
  };
  if (refund === 'refund_all' && booking.status === 'confirmed' && booking.endAt > now) {
    const cancelled = await db.transaction(async (tx) => {
      const moved = await moveBooking(
        tx,
        booking.id,
        'confirmed',
        'cancel',
        { refundAmount: fromCents(intent.amountRefunded), cancelledAt: now },
        { payment: refund, paymentChanges },
      );
      if (moved) await tellBookingStep(tx, 'cancelled', moved, now);
      return moved;
    });
    if (cancelled) return;
  }
  await movePayment(db, { bookingId: booking.id }, refund, paymentChanges);
}

/**
 * {@link recordRefund} for a series' payment: records what the provider has refunded on the series.
 * A full refund (made in the dashboard, say) cancels the occurrences that are confirmed and have
 * not ended, so their dates are free again; the refund decided for them is what was refunded.
 */
async function recordSeriesRefund(db: Database, series: SeriesRow, intent: PaymentIntentInfo, now: Date): Promise<void> {
  if (intent.amountRefunded <= 0) return;
  const refund = refundTransition(intent.amountRefunded, intent.amount);
  await db.transaction(async (tx) => {
    // The occurrences' shares move with their own refunds (below, or as their cancellations are settled).
    const recorded = await movePayment(tx, { seriesId: series.id, occurrences: false }, refund, {
      amountRefunded: fromCents(intent.amountRefunded),
    });
    if (!recorded.moved || refund !== 'refund_all') return;
    const cancelled = [];
    for (const row of await seriesOccurrences(tx, series.id)) {
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
    await tellSeriesStep(tx, 'cancelled', cancelled, now);
  });
}

/** Records a dispute's current status on the booking of the disputed payment. */
async function recordDispute(db: Database, dispute: DisputeInfo & { paymentIntentId: string }, log: FastifyBaseLogger): Promise<void> {
  const series = await seriesOfIntent(db, dispute.paymentIntentId);
  if (series) {
    // A series' one payment disputed: every occurrence carries it.
    await db.update(bookings).set({ disputeStatus: dispute.status }).where(eq(bookings.seriesId, series.id));
    log.warn({ disputeId: dispute.id, seriesId: series.id, status: dispute.status }, 'payment dispute');
    return;
  }
  const rows = await db
    .update(bookings)
    .set({ disputeStatus: dispute.status })
    .where(eq(bookings.stripePaymentIntentId, dispute.paymentIntentId))
    .returning({ id: bookings.id });
  const [booking] = rows;
  if (booking) log.warn({ disputeId: dispute.id, bookingId: booking.id, status: dispute.status }, 'payment dispute');
  else
    log.warn(
      { disputeId: dispute.id, intentId: dispute.paymentIntentId, status: dispute.status },
      'dispute of a payment that is no booking',
    );
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
