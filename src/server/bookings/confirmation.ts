/**
 * What a verified payment does to the holds it pays for (docs/decisions/002-payments-verified-by-the-server.md):
 * one path for a payment of one booking or of a series' occurrences
 * (docs/decisions/035-one-payment-model.md). A succeeded payment confirms every booking of it
 * (instant booking); an authorised card makes them one pending request the owner answers
 * (owner-answers.ts). `createPaid` (the renter's POST /api/bookings) and the Stripe webhook
 * (`payment-events.ts`) both come through {@link settlePayment}.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { REQUEST_ANSWER_HOURS } from '../../shared/constants';
import { toCents } from '../../shared/money';
import type { Booking, createBookingSchema } from '../../shared/schemas/bookings';
import type { Database } from '../db/client';
import { bookings, payments as paymentsTable } from '../db/schema';
import { badRequest, conflict, notFound, paymentRequired } from '../http/errors';
import { expireBookingJob } from '../jobs/catalog';
import { enqueue } from '../jobs/queue';
import type { PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import { saveCardFromIntent } from '../payments/saved-cards';
import { findSpaceRow } from '../spaces/service';
import { findBookingPayment, toBooking, type BookingRow } from './booking-row';
import { moveBookings } from './booking-writer';
import { tellEachStep } from './notices';
import { bookingsOfPayment, findPayment, moveWholePayment, type PaymentRow } from './payment-bookings';
import { settleMoney } from './settlement';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The card of a verified payment as a payment stores it (`card_brand`, `card_last4`, for the
 * receipt), or nothing when the provider does not say which card paid.
 */
export function cardColumns(intent: PaymentIntentInfo): { cardBrand?: string; cardLast4?: string } {
  return intent.card ? { cardBrand: intent.card.brand, cardLast4: intent.card.last4 } : {};
}

/** Whether a payment intent is the one made for `payment`: its id (in the metadata), amount and currency. */
function intentMatches(intent: PaymentIntentInfo, payment: PaymentRow, rows: readonly BookingRow[]): boolean {
  const { metadata } = intent;
  const names = metadata.paymentId === payment.id || metadata.seriesId === payment.id || metadata.bookingId === payment.id;
  return names && rows.length > 0 && intent.amount === toCents(payment.amount) && intent.currency === 'usd';
}

/**
 * Moves a payment's holds on once the payment is verified with the provider: a succeeded payment
 * confirms them (instant booking), an authorised card makes them one pending request. Settling a
 * settled payment returns it unchanged. A payment that completes after its hold lapsed is given
 * back; one whose money was already decided (cancelled with its policy refund, declined, an
 * expired request) is answered 409 and no money moves (the webhook's `payment_intent.succeeded`
 * comes through here too).
 * @returns the payment's bookings, earliest first, and whether this call moved them
 * @throws HttpError 400 when the intent is not this payment's, 402 when it is not paid or authorised, 409 when the bookings were cancelled, declined or expired (a lapsed hold's money is given back)
 */
export async function settlePayment(
  db: Database,
  payments: PaymentProvider,
  paymentId: string,
  intent: PaymentIntentInfo,
  now = new Date(),
): Promise<{ bookings: BookingRow[]; settled: boolean }> {
  const payment = await findPayment(db, paymentId);
  const rows = await bookingsOfPayment(db, paymentId);
  if (!payment || !intentMatches(intent, payment, rows)) throw badRequest('The payment does not match this booking.');
  if (rows.some((row) => row.status === 'confirmed' || row.status === 'pending')) return { bookings: rows, settled: false };
  if (rows.some((row) => row.status === 'cancelled')) {
    throw conflict(
      'This booking was cancelled. Its refund follows the cancellation policy and has been made; nothing more is charged or refunded. Please start a new booking.',
    );
  }
  if (rows.some((row) => row.status === 'declined'))
    throw conflict('The owner declined this booking request and the card authorisation was released. Please start a new booking.');
  // An expired payment whose money was decided when it expired (an unanswered request: its authorisation released).
  const lapsedHold = payment.status === 'none' || payment.status === 'requires_payment';
  if (rows.some((row) => row.status === 'expired') && !lapsedHold) {
    throw conflict(
      payment.status === 'authorized'
        ? 'This booking request expired before the owner answered; the card authorisation is being released and nothing is charged. Please start a new booking.'
        : 'This booking expired and its payment has been returned. Please start a new booking.',
    );
  }
  const paid = intent.status === 'succeeded';
  const authorised = intent.status === 'requires_capture';
  if (!paid && !authorised) throw paymentRequired('The payment has not been completed.');

  if (rows.every((row) => row.status === 'awaiting_payment')) {
    // The move, its notifications and (for a request) its expiry job commit together or not at all;
    // all of the payment's holds or none (a sweep that expired them meanwhile wins).
    const moved = await moveWholePayment(db, rows.length, async (tx) => {
      const payment = { payment: paid ? ('capture' as const) : ('authorize' as const), paymentChanges: cardColumns(intent) };
      const requestExpiresAt = new Date(Math.min(now.getTime() + REQUEST_ANSWER_HOURS * HOUR_MS, rows[0]!.startAt.getTime()));
      const changes = paid ? { holdExpiresAt: null } : { holdExpiresAt: null, requestExpiresAt };
      const done = await moveBookings(tx, { paymentId }, 'awaiting_payment', paid ? 'pay' : 'authorize', changes, payment);
      if (done.length !== rows.length) return done;
      await tellEachStep(tx, paid ? 'confirmed' : 'requested', done, now);
      // The renter agreed to keep the card for later charges (a standing booking, docs/decisions/041-standing-bookings.md).
      if (intent.metadata.saveCard === 'true') await saveCardFromIntent(tx, done[0]!.renterId, intent, now);
      // Expire it at its answer deadline unless the owner answers first (expiry.ts).
      if (!paid) await enqueue(tx, expireBookingJob, { bookingId: done[0]!.id }, { startAfter: requestExpiresAt });
      return done;
    });
    if (moved) return { bookings: moved, settled: true };
    return settlePayment(db, payments, paymentId, intent, now);
  }

  // The hold lapsed (or was replaced) before the payment completed: nothing is booked, so nothing is kept.
  await settleMoney(db, payments, paymentId, now);
  throw conflict('Your hold on these dates expired before the payment completed. Your payment has been returned; please book again.');
}

/**
 * POST /api/bookings: finds the payment of a payment intent, verifies it with the provider and
 * moves its holds on ({@link settlePayment}), answering its first booking. Retries return the same booking.
 * @throws HttpError 400 a payment for another booking or a total that disagrees, 402 not paid, 404 unknown space, 409 hold lapsed
 */
export async function createPaid(
  db: Database,
  payments: PaymentProvider,
  renterId: string,
  input: z.output<typeof createBookingSchema>,
): Promise<{ booking: Booking; created: boolean }> {
  const space = await findSpaceRow(db, input.spaceId);
  if (!space) throw notFound('Space not found.');
  const [payment] = await db.select().from(paymentsTable).where(eq(paymentsTable.stripePaymentIntentId, input.paymentIntentId)).limit(1);
  const rows = payment ? await bookingsOfPayment(db, payment.id) : [];
  if (!payment || rows.length === 0) throw paymentRequired('Payment not found. Please pay before booking.');
  if (rows[0]!.renterId !== renterId || rows[0]!.spaceId !== space.id) throw badRequest('This payment belongs to another booking.');
  if (toCents(input.totalPrice) !== toCents(payment.amount)) {
    throw badRequest(`The total does not match the price of these dates (${payment.amount}).`);
  }
  const intent = await payments.retrievePaymentIntent(input.paymentIntentId);
  if (!intent) throw paymentRequired('Payment not found. Please pay before booking.');
  const settled = await settlePayment(db, payments, payment.id, intent);
  let [first] = settled.bookings;
  if (settled.settled && input.notes) {
    // POST /api/bookings carries the notes (docs/product.md#api-calls); the hold may not have had them.
    const noted = await db
      .update(bookings)
      .set({ notes: input.notes })
      .where(and(eq(bookings.paymentId, payment.id), isNull(bookings.notes)))
      .returning();
    first = noted.find((row) => row.id === first!.id) ?? first;
  }
  return { booking: toBooking(first!, await findBookingPayment(db, payment.id), space), created: settled.settled };
}
