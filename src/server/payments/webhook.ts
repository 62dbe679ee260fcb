/**
 * POST /api/stripe/webhook (DESIGN decision 6; issue "Bookings as holds"):
 * Stripe's events, verified by their signature on the raw body
 * (https://docs.stripe.com/webhooks#verify-events) and handled once each
 * (Stripe delivers at least once: the event id goes into `payment_events`
 * first, and a redelivery changes nothing).
 *
 * - `payment_intent.succeeded`, `payment_intent.amount_capturable_updated`:
 *   the booking's hold moves on (`settlePayment`, which checks the intent's
 *   status, amount, currency and booking id, and gives the money back when
 *   the hold had lapsed). A payment that belongs to no booking is given back.
 * - `payment_intent.payment_failed`: nothing changes (the renter may retry
 *   until the hold lapses).
 * - `payment_intent.canceled`: an unpaid hold, or an unanswered request whose
 *   authorisation Stripe released, expires.
 * - `charge.refunded`: the booking's payment status becomes refunded or
 *   partially refunded; a full refund of a confirmed booking ahead cancels it.
 * - `account.updated`: the owner's payout readiness is stored.
 *
 * Intents and accounts are read back from Stripe rather than taken from the
 * event, so events that arrive out of order still leave the current state.
 * Only registered with `PAYMENTS=stripe`. Server-to-server: the cross-site
 * guard lets requests without `Origin`/`Sec-Fetch-Site` through.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { fromCents, toCents } from '../../shared/money';
import { settlePayment, transitionBooking } from '../bookings/service';
import type { Database } from '../db/client';
import { bookings, paymentEvents } from '../db/schema';
import { badRequest, HttpError } from '../http/errors';
import { recordAccountStatus } from './accounts';
import type { PaymentIntentInfo, PaymentProvider } from './provider';

type BookingRow = typeof bookings.$inferSelect;

/** The booking of a payment intent: by the stored intent id, else by the intent's `metadata.bookingId`. */
async function bookingOfIntent(db: Database, intentId: string, metadata: Record<string, string> = {}): Promise<BookingRow | null> {
  const [byIntent] = await db.select().from(bookings).where(eq(bookings.stripePaymentIntentId, intentId)).limit(1);
  if (byIntent) return byIntent;
  const bookingId = metadata.bookingId;
  if (!bookingId || !z.uuid().safeParse(bookingId).success) return null;
  const [byMetadata] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  return byMetadata ?? null;
}

/** Gives back the money of a payment that belongs to no booking: refunds what is left, or releases the card. */
async function releaseOrphanIntent(payments: PaymentProvider, intent: PaymentIntentInfo): Promise<void> {
  if (intent.status === 'succeeded') {
    if (intent.amountRefunded < intent.amount) {
      await payments.refundPaymentIntent(intent.id, { amount: intent.amount - intent.amountRefunded, idempotencyKey: `orphan-${intent.id}` });
    }
  } else if (intent.status !== 'canceled' && intent.status !== 'processing') {
    await payments.cancelPaymentIntent(intent.id);
  }
}

/** A booking payment succeeded or was authorised: settle its booking. */
async function settleIntent(db: Database, payments: PaymentProvider, intentId: string, log: FastifyBaseLogger): Promise<void> {
  const intent = await payments.retrievePaymentIntent(intentId);
  if (!intent) return log.warn({ intentId }, 'webhook for a payment intent the provider does not know');
  if (intent.metadata.kind === 'donation') return log.info({ intentId, amount: intent.amount, status: intent.status }, 'donation payment');
  let booking = await bookingOfIntent(db, intent.id, intent.metadata);
  if (!booking || (booking.stripePaymentIntentId && booking.stripePaymentIntentId !== intent.id)) {
    // Paid for no booking of ours (or for one that has another payment): nothing is kept.
    log.warn({ intentId, bookingId: intent.metadata.bookingId }, 'payment without a booking: giving it back');
    return releaseOrphanIntent(payments, intent);
  }
  if (!booking.stripePaymentIntentId) {
    // The hold was made but the intent id not stored (a crash in between): link them.
    const [linked] = await db
      .update(bookings)
      .set({ stripePaymentIntentId: intent.id, paymentStatus: 'requires_payment' })
      .where(and(eq(bookings.id, booking.id), isNull(bookings.stripePaymentIntentId)))
      .returning();
    booking = linked ?? (await bookingOfIntent(db, intent.id, intent.metadata));
    if (!booking) return;
  }
  try {
    await settlePayment(db, payments, booking, intent);
  } catch (error) {
    // 402: not paid (yet) — a stale event; 409: the hold had lapsed and the money was given back; 400: not this booking's payment.
    if (!(error instanceof HttpError)) throw error;
    const level = error.statusCode === 400 ? 'error' : 'info';
    log[level]({ intentId, bookingId: booking.id, status: error.statusCode, reason: error.message }, 'payment not settled');
  }
}

/** Stripe released an unpaid or authorised intent: its hold or request expires. */
async function expireCanceledIntent(db: Database, intentId: string): Promise<void> {
  const booking = await bookingOfIntent(db, intentId);
  if (!booking || booking.stripePaymentIntentId !== intentId) return;
  if (booking.status === 'awaiting_payment') {
    await transitionBooking(db, booking.id, 'awaiting_payment', 'expire', { paymentStatus: 'canceled', holdExpiresAt: null });
  } else if (booking.status === 'pending') {
    await transitionBooking(db, booking.id, 'pending', 'expire', { paymentStatus: 'canceled', requestExpiresAt: null });
  } else {
    await db
      .update(bookings)
      .set({ paymentStatus: 'canceled' })
      .where(and(eq(bookings.id, booking.id), inArray(bookings.paymentStatus, ['requires_payment', 'authorized'])));
  }
}

/**
 * A charge was refunded (by us or in Stripe's dashboard): record it on the
 * booking. A full refund of a confirmed booking that has not ended (made in
 * the dashboard, say) cancels it through the state table, so the dates are
 * free again and nobody holds a booking that was paid back.
 */
async function recordRefund(db: Database, charge: Stripe.Charge, now = new Date()): Promise<void> {
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return;
  const booking = await bookingOfIntent(db, intentId);
  if (!booking || booking.stripePaymentIntentId !== intentId || charge.amount_refunded <= 0) return;
  const full = charge.amount_refunded >= charge.amount;
  // The refund decided at cancellation is made: the reconciliation job must not make it again.
  const decidedDone = booking.refundAmount !== null && charge.amount_refunded >= toCents(booking.refundAmount);
  const changes = {
    paymentStatus: full ? ('refunded' as const) : ('partially_refunded' as const),
    ...(!booking.refundedAt && (full || decidedDone) ? { refundedAt: now } : {}),
  };
  if (full && booking.status === 'confirmed' && booking.endAt > now) {
    const cancelled = await transitionBooking(db, booking.id, 'confirmed', 'cancel', {
      ...changes,
      refundAmount: fromCents(charge.amount_refunded),
      cancelledAt: now,
    });
    if (cancelled) return;
  }
  await db.update(bookings).set(changes).where(eq(bookings.id, booking.id));
}

/**
 * Applies one verified Stripe event.
 * @throws whatever the provider or database throws (the event is then not recorded as handled, and Stripe retries it)
 */
export async function handleStripeEvent(db: Database, payments: PaymentProvider, event: Stripe.Event, log: FastifyBaseLogger): Promise<void> {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.amount_capturable_updated':
      return settleIntent(db, payments, event.data.object.id, log);
    case 'payment_intent.payment_failed':
      return log.info({ intentId: event.data.object.id, reason: event.data.object.last_payment_error?.message }, 'payment failed');
    case 'payment_intent.canceled':
      return expireCanceledIntent(db, event.data.object.id);
    case 'charge.refunded':
      return recordRefund(db, event.data.object);
    case 'account.updated': {
      const status = await payments.retrieveAccount(event.data.object.id);
      if (status) await recordAccountStatus(db, event.data.object.id, status);
      return;
    }
    default:
      return;
  }
}

/**
 * The webhook route, in its own plugin: its JSON parser keeps the raw body
 * (the signature is over the exact bytes), and no other route is affected.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ db: Database; payments: PaymentProvider; stripe: Stripe; webhookSecret: string | undefined }> = async (
  app,
  { db, payments, stripe, webhookSecret },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/stripe/webhook', async (request) => {
    if (!webhookSecret) throw new HttpError(503, 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest('Missing Stripe signature.');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
    } catch {
      throw badRequest('Invalid Stripe signature.');
    }
    const fresh = await db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: paymentEvents.id });
    if (fresh.length === 0) return { received: true, duplicate: true };
    try {
      await handleStripeEvent(db, payments, event, request.log);
    } catch (error) {
      // Not handled: forget the event so that Stripe's retry is handled.
      await db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
      throw error;
    }
    return { received: true };
  });
};
