/**
 * Checkout: quote -> hold -> payment -> settle, in Sharetribe's model (one
 * booking row from the first click; docs/decisions/005-bookings-as-holds.md).
 *
 * 1. `createBookingHold` quotes once on the server and inserts the booking as
 *    a hold (`awaiting_payment`, expiring after {@link HOLD_MINUTES}) with its
 *    range, units, total and platform fee. The exclusion constraint covers
 *    holds, so the first renter to start paying has the dates
 *    (docs/decisions/003-bookings-as-ranges.md). The payment intent carries
 *    the booking id and charges exactly the stored total and fee.
 * 2. `settlePayment` moves the hold on once the server has verified the
 *    payment with the provider (never on the client's word;
 *    docs/decisions/002-payments-verified-by-the-server.md): `confirmed`
 *    (instant booking, paid) or `pending` (request-to-book, card authorised).
 *    `createPaidBooking` (the renter's call) and the Stripe webhook
 *    (`payment-events.ts`) both come through it.
 * 3. `releaseHold`: the renter gives up a hold they have not paid.
 *
 * What follows a pending request is `owner-answers.ts`; cancelling a
 * confirmed booking is `cancellation.ts`. Provider calls never run inside a
 * database transaction. Whatever money a failed step leaves behind, the
 * reconciliation job (`reconciliation.ts`) gives back.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { bookingBufferMinutes, DATES_TAKEN } from '../../shared/availability';
import { assertNotInPast, BookingRuleError, quoteBooking, type BookingQuote } from '../../shared/booking-rules';
import { HOLD_MINUTES, REQUEST_ANSWER_HOURS } from '../../shared/constants';
import { fromCents, toCents } from '../../shared/money';
import type { Booking, BookingPaymentIntent, createBookingPaymentIntentSchema, createBookingSchema } from '../../shared/schemas/bookings';
import { timeZoneForState } from '../../shared/time-zones';
import { SQLSTATE, sqlState, type Database } from '../db/client';
import { bookings, medicalSpaces, ownerPayouts, users } from '../db/schema';
import { badRequest, conflict, forbidden, notFound, paymentRequired } from '../http/errors';
import { expireBookingJob } from '../jobs/catalog';
import { assertInsuredThrough } from '../insurance/service';
import { enqueue } from '../jobs/queue';
import type { PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import { assertSchedulePermits } from '../schedules/service';
import { findSpaceRow } from '../spaces/service';
import { recordAgreementAcceptance } from './agreement-acceptance';
import { toBooking, type BookingRow, type SpaceRow } from './booking-row';
import { forgetAttempt, moveBooking, moveBookings } from './booking-writer';
import { movePayment } from '../payments/payment-writer';
import { isFirstTransaction } from './first-booking';
import { tellBookingStep, tellEachStep } from './notices';
import { assertRoomForHold } from './hold-limits';
import { bookingsOfPayment, findPayment, moveWholePayment, paymentIdOf } from './payment-bookings';
import { settleMoney } from './settlement';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Quotes a booking of `space` by `renterId` and checks it can be made.
 * @throws HttpError 400 for bad dates, an own or unlisted space, or dates outside availability
 */
export async function quoteForRenter(
  db: Database,
  space: SpaceRow,
  renterId: string,
  dates: { startDate: string; endDate: string },
): Promise<BookingQuote & { isFirstTransaction: boolean }> {
  if (!space.active) throw badRequest('This space is not available for booking.');
  if (space.ownerId === renterId) throw badRequest('You cannot book your own space.');
  const first = await isFirstTransaction(db, renterId, space.ownerId);
  const timeZone = timeZoneForState(space.state);
  let quote: BookingQuote;
  try {
    quote = quoteBooking({
      period: space.pricePeriod,
      unitPriceCents: toCents(space.pricePerDay),
      start: dates.startDate,
      end: dates.endDate,
      timeZone,
      isFirstTransaction: first,
    });
    assertNotInPast(space.pricePeriod, quote.startAt, new Date(), timeZone);
  } catch (error) {
    if (error instanceof BookingRuleError) throw badRequest(error.message);
    throw error;
  }
  if (space.availableFrom && quote.startAt < space.availableFrom) throw badRequest('This space is not available that early.');
  if (space.availableTo && quote.endAt > space.availableTo) throw badRequest('This space is not available that late.');
  return { ...quote, isFirstTransaction: first };
}

/** The space of a booking. @throws HttpError 404 unknown space */
async function requireSpace(db: Database, spaceId: string): Promise<SpaceRow> {
  const space = await findSpaceRow(db, spaceId);
  if (!space) throw notFound('Space not found.');
  return space;
}

/** The owner's connected account when it can take charges (destination charges), else null. */
export async function ownerPayoutAccount(db: Database, ownerId: string): Promise<string | null> {
  const [owner] = await db
    .select({ account: users.stripeConnectAccountId, chargesEnabled: users.stripeChargesEnabled })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  return owner?.account && owner.chargesEnabled ? owner.account : null;
}

/**
 * The owner's payout of a new payment, decided once with the hold (docs/decisions/033-owed-payouts.md):
 * with a `destination` the payment is a destination charge and pays the owner itself; without one it
 * is charged on the platform and gets an `owed` row in `owner_payouts` for its booking or series,
 * inserted in the hold's transaction `tx`, so no payment is ever made without its row. The
 * `transfer-owed-payouts` job (src/server/payouts) sends it once the owner's account can be paid.
 */
export async function recordOwnerPayout(
  tx: Database,
  ownerId: string,
  payment: { bookingId: string } | { seriesId: string },
  destination: string | null,
): Promise<void> {
  if (destination) return;
  await tx
    .insert(ownerPayouts)
    .values({ ownerId, ...payment })
    .onConflictDoNothing();
}

/**
 * The destination of a payment already held, as it was decided with its hold: none when it has an
 * owed payout row (charged on the platform), else the owner's account. Asking again for the same
 * attempt then creates the same payment intent (Stripe refuses one idempotency key with other
 * parameters), even if the owner's account changed meanwhile.
 */
async function heldDestination(db: Database, bookingId: string, ownerId: string): Promise<string | null> {
  const [owed] = await db.select({ id: ownerPayouts.id }).from(ownerPayouts).where(eq(ownerPayouts.bookingId, bookingId)).limit(1);
  if (owed) return null;
  const [owner] = await db.select({ account: users.stripeConnectAccountId }).from(users).where(eq(users.id, ownerId)).limit(1);
  return owner?.account ?? null;
}

/** A quote as the booking row stores it: the dates, units, total and platform fee (decimal strings). */
export function quotedColumns(quote: BookingQuote) {
  return {
    startAt: quote.startAt,
    endAt: quote.endAt,
    units: quote.units,
    totalPrice: fromCents(quote.totalCents),
    platformFeeAmount: fromCents(quote.platformFeeCents),
  };
}

/**
 * Expires the holds of `spaceId` that lapsed unpaid by `now`, so they no longer keep their dates
 * (docs/decisions/005-bookings-as-holds.md), and tells their renters (a series once). Call it in
 * the hold's transaction, under the space's lock.
 */
export async function lapseStaleHolds(tx: Database, spaceId: string, now: Date): Promise<void> {
  const lapsed = await moveBookings(tx, { lapsedHolds: now, spaceId }, 'awaiting_payment', 'expire');
  await tellEachStep(tx, 'hold_expired', lapsed, now);
}

/**
 * POST /api/create-booking-payment-intent: quotes the booking once, holds the
 * dates with the renter's acceptance of its space-use agreement (`recordAgreementAcceptance`;
 * the version is checked by `createCheckout`), and creates the payment intent for exactly the
 * stored total and fee.
 * Asking again for the same attempt (`idempotencyKey`) and dates returns the
 * same hold and intent; other dates for the same attempt replace the hold.
 * @throws HttpError 400 bad dates or an amount that disagrees with the quote, 404 unknown space, 409 dates taken or
 *   no certificate of insurance valid through the last day on a listing that requires one
 */
export async function createBookingHold(
  db: Database,
  payments: PaymentProvider,
  renterId: string,
  input: z.output<typeof createBookingPaymentIntentSchema>,
  now = new Date(),
): Promise<BookingPaymentIntent> {
  const space = await requireSpace(db, input.spaceId);
  const quote = await quoteForRenter(db, space, renterId, input.bookingDetails);
  // "Require proof of insurance": a certificate valid through the last day (409; insurance/service.ts).
  await assertInsuredThrough(db, space, renterId, quote.endAt);
  if (input.amount !== undefined && toCents(input.amount) !== quote.totalCents) {
    throw badRequest(`The amount does not match the price of these dates (${fromCents(quote.totalCents)}).`);
  }
  let destination = await ownerPayoutAccount(db, space.ownerId);

  let hold: BookingRow | undefined;
  if (input.idempotencyKey) {
    const [previous] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.renterId, renterId), eq(bookings.idempotencyKey, input.idempotencyKey)))
      .limit(1);
    if (previous) {
      const same =
        previous.spaceId === space.id &&
        previous.startAt.getTime() === quote.startAt.getTime() &&
        previous.endAt.getTime() === quote.endAt.getTime();
      if (same && previous.status === 'awaiting_payment' && previous.holdExpiresAt && previous.holdExpiresAt > now) {
        hold = previous;
        destination = await heldDestination(db, previous.id, space.ownerId);
      } else if (previous.status === 'awaiting_payment' || previous.status === 'expired') {
        // The same attempt with other details: let the old hold go; the job cancels its intent.
        await forgetAttempt(db, previous);
      } else throw conflict('This booking attempt has already been paid. Please start a new booking.');
    }
  }

  if (!hold) {
    try {
      hold = await db.transaction(async (tx) => {
        await assertRoomForHold(tx, renterId, now); // 429 past MAX_UNPAID_HOLDS (hold-limits.ts)
        // One hold at a time per space: concurrent inserts of overlapping ranges would each wait on the
        // other's exclusion check, and PostgreSQL would abort them as deadlocks (a 500, maybe no winner).
        await tx.select({ id: medicalSpaces.id }).from(medicalSpaces).where(eq(medicalSpaces.id, space.id)).for('no key update');
        await lapseStaleHolds(tx, space.id, now);
        // Opening hours, blocked dates, sessions, notice, horizon and buffers (400; 409 taken), read under the lock.
        await assertSchedulePermits(tx, space, quote, now);
        const [row] = await tx
          .insert(bookings)
          .values({
            spaceId: space.id,
            renterId,
            ...quotedColumns(quote),
            status: 'awaiting_payment',
            instantBook: space.instantBook,
            cancellationPolicyTier: space.cancellationPolicyTier,
            bufferMinutes: bookingBufferMinutes({ period: space.pricePeriod, schedule: space.schedule }),
            holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * MINUTE_MS),
            idempotencyKey: input.idempotencyKey ?? null,
            notes: input.bookingDetails.notes || null,
          })
          .returning();
        // The renter's clickwrap (`agreementVersion`, checked by createCheckout), kept with the hold:
        // the time, the version and the SHA-256 of this booking's agreement text.
        await recordAgreementAcceptance(tx, row!.id, now);
        await recordOwnerPayout(tx, space.ownerId, { bookingId: row!.id }, destination);
        // No job per hold: the per-minute sweep expires a lapsed one (expiry.ts), and the lines
        // above free its dates at once for whoever wants them.
        return row!;
      });
    } catch (error) {
      if (sqlState(error) === SQLSTATE.exclusionViolation) throw conflict(DATES_TAKEN);
      if (sqlState(error) === SQLSTATE.uniqueViolation) throw conflict('This booking attempt is already being paid. Please wait a moment.');
      throw error;
    }
  }

  let intent: PaymentIntentInfo;
  try {
    intent = await payments.createPaymentIntent({
      amount: toCents(hold.totalPrice),
      applicationFeeAmount: toCents(hold.platformFeeAmount ?? '0'),
      destination,
      captureMethod: hold.instantBook ? 'automatic' : 'manual',
      metadata: { kind: 'booking', bookingId: hold.id, spaceId: space.id, renterId, ownerId: space.ownerId },
      idempotencyKey: `booking-hold-${hold.id}`,
      description: `ClinicShare booking: ${space.title}`,
    });
  } catch (error) {
    await moveBooking(db, hold.id, 'awaiting_payment', 'expire');
    throw error;
  }
  if (hold.stripePaymentIntentId !== intent.id) {
    await movePayment(db, { bookingId: hold.id }, 'open', { stripePaymentIntentId: intent.id });
  }
  return {
    bookingId: hold.id,
    holdExpiresAt: hold.holdExpiresAt!.toISOString(),
    instantBook: hold.instantBook,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amount: hold.totalPrice,
    platformFeeAmount: hold.platformFeeAmount ?? '0.00',
    ownerConnected: destination !== null,
    isFirstTransaction: quote.isFirstTransaction,
    units: hold.units ?? quote.units,
  };
}

/**
 * The card of a verified payment as a booking or series stores it (`card_brand`, `card_last4`, for
 * the receipt), or nothing when the provider does not say which card paid.
 */
export function cardColumns(intent: PaymentIntentInfo): { cardBrand?: string; cardLast4?: string } {
  return intent.card ? { cardBrand: intent.card.brand, cardLast4: intent.card.last4 } : {};
}

/** Whether a payment intent is the one made for `booking`: its id, amount and currency. */
function intentMatches(intent: PaymentIntentInfo, booking: BookingRow): boolean {
  return intent.metadata.bookingId === booking.id && intent.amount === toCents(booking.totalPrice) && intent.currency === 'usd';
}

/**
 * Whether an expired booking is a hold that lapsed while its payment was in
 * flight, with nothing decided about its money yet: its payment was never
 * recorded as authorised or paid, nor given back. Such a payment, completing
 * late, is given back in full; every other expired booking's money was
 * decided when it expired (an unanswered request: its authorisation released).
 */
function isLapsedHold(booking: BookingRow): boolean {
  return booking.status === 'expired' && (booking.paymentStatus === 'none' || booking.paymentStatus === 'requires_payment');
}

/**
 * Moves a hold on once its payment is verified with the provider: a
 * succeeded payment confirms it (instant booking), an authorised card makes
 * it a pending request. Settling a settled booking returns it unchanged. A
 * payment that completes after its hold lapsed is given back; a booking whose
 * money was already decided (cancelled with its policy refund, declined, an
 * expired request) is answered 409 and no money moves (the webhook's
 * `payment_intent.succeeded` comes through here too).
 * @returns the booking and whether this call moved it
 * @throws HttpError 400 when the intent is not this booking's, 402 when it is not paid or authorised, 409 when the booking was cancelled, declined or expired (a lapsed hold's money is given back)
 */
export async function settlePayment(
  db: Database,
  payments: PaymentProvider,
  booking: BookingRow,
  intent: PaymentIntentInfo,
  now = new Date(),
): Promise<{ booking: BookingRow; settled: boolean }> {
  if (!intentMatches(intent, booking)) throw badRequest('The payment does not match this booking.');
  if (booking.status === 'confirmed' || booking.status === 'pending') return { booking, settled: false };
  if (booking.status === 'cancelled') {
    throw conflict(
      'This booking was cancelled. Its refund follows the cancellation policy and has been made; nothing more is charged or refunded. Please start a new booking.',
    );
  }
  if (booking.status === 'declined')
    throw conflict('The owner declined this booking request and the card authorisation was released. Please start a new booking.');
  if (booking.status === 'expired' && !isLapsedHold(booking)) {
    throw conflict(
      booking.paymentStatus === 'authorized'
        ? 'This booking request expired before the owner answered; the card authorisation is being released and nothing is charged. Please start a new booking.'
        : 'This booking expired and its payment has been returned. Please start a new booking.',
    );
  }
  const paid = intent.status === 'succeeded';
  const authorised = intent.status === 'requires_capture';
  if (!paid && !authorised) throw paymentRequired('The payment has not been completed.');

  if (booking.status === 'awaiting_payment') {
    // The move, its notifications and (for a request) its expiry job commit together or not at all.
    const moved = await db.transaction(async (tx) => {
      if (paid) {
        const confirmed = await moveBooking(
          tx,
          booking.id,
          'awaiting_payment',
          'pay',
          { holdExpiresAt: null },
          { payment: 'capture', paymentChanges: cardColumns(intent) },
        );
        if (confirmed) await tellBookingStep(tx, 'confirmed', confirmed, now);
        return confirmed;
      }
      const requested = await moveBooking(
        tx,
        booking.id,
        'awaiting_payment',
        'authorize',
        {
          holdExpiresAt: null,
          requestExpiresAt: new Date(Math.min(now.getTime() + REQUEST_ANSWER_HOURS * HOUR_MS, booking.startAt.getTime())),
        },
        { payment: 'authorize', paymentChanges: cardColumns(intent) },
      );
      if (requested) {
        await tellBookingStep(tx, 'requested', requested, now);
        // Expire it at its answer deadline unless the owner answers first (expiry.ts).
        await enqueue(tx, expireBookingJob, { bookingId: requested.id }, { startAfter: requested.requestExpiresAt! });
      }
      return requested;
    });
    if (moved) return { booking: moved, settled: true };
    const [again] = await db.select().from(bookings).where(eq(bookings.id, booking.id)).limit(1);
    return settlePayment(db, payments, again!, intent, now);
  }

  // The hold lapsed (or was replaced) before the payment completed: nothing is booked, so nothing is kept.
  await settleMoney(db, payments, paymentIdOf(booking), now);
  throw conflict('Your hold on these dates expired before the payment completed. Your payment has been returned; please book again.');
}

/**
 * POST /api/bookings: finds the hold of a payment intent, verifies the
 * payment with the provider and moves the hold on. Retries return the same booking.
 * @throws HttpError 400 a payment for another booking or a total that disagrees, 402 not paid, 404 unknown space, 409 hold lapsed
 */
export async function createPaidBooking(
  db: Database,
  payments: PaymentProvider,
  renterId: string,
  input: z.output<typeof createBookingSchema>,
): Promise<{ booking: Booking; created: boolean }> {
  const space = await requireSpace(db, input.spaceId);
  const [hold] = await db.select().from(bookings).where(eq(bookings.stripePaymentIntentId, input.paymentIntentId)).limit(1);
  if (!hold) throw paymentRequired('Payment not found. Please pay before booking.');
  if (hold.renterId !== renterId || hold.spaceId !== space.id) throw badRequest('This payment belongs to another booking.');
  if (toCents(input.totalPrice) !== toCents(hold.totalPrice)) {
    throw badRequest(`The total does not match the price of these dates (${hold.totalPrice}).`);
  }
  const intent = await payments.retrievePaymentIntent(input.paymentIntentId);
  if (!intent) throw paymentRequired('Payment not found. Please pay before booking.');
  const { booking, settled } = await settlePayment(db, payments, hold, intent);
  if (settled && input.notes && !booking.notes) {
    // POST /api/bookings carries the notes (docs/product.md#api-calls); the hold may not have had them.
    const [noted] = await db.update(bookings).set({ notes: input.notes }).where(eq(bookings.id, booking.id)).returning();
    return { booking: toBooking(noted!, space), created: settled };
  }
  return { booking: toBooking(booking, space), created: settled };
}

/** Intent statuses of a payment that is going through or has (Stripe's lifecycle): a hold with one is never released. */
const PAYMENT_UNDER_WAY = new Set(['processing', 'requires_capture', 'succeeded']);

/** Whether an expired booking is a hold that ended unpaid (lapsed or released): releasing it again has nothing to do. */
const isEndedHold = (booking: BookingRow) =>
  booking.status === 'expired' && ['none', 'requires_payment', 'canceled'].includes(booking.paymentStatus);

/**
 * DELETE /api/bookings/{id}/hold: the renter gives up a hold they have not
 * paid (the payment dialog closed), so it stops counting towards their unpaid
 * holds ({@link assertRoomForHold}) and its dates are free at once. The hold
 * moves `awaiting_payment` -> `expired` through the state table, then its
 * payment intent is cancelled with the provider under the booking's release
 * key (`release-card-<payment id>`; `settleMoney`), recording payment status
 * `canceled`. A hold whose payment is going through or went through
 * (`processing`, `requires_capture`, `succeeded` at the provider) is not
 * touched: 409, and settlement (POST /api/bookings, the webhook) confirms it.
 * Should the payment complete between that check and the release, the hold
 * has lapsed and its payment is given back, as for any lapsed hold. Releasing
 * a hold that already ended unpaid changes nothing and asks no provider.
 * @throws HttpError 403 not the booking's renter, 404 unknown booking, 409 not a hold waiting for payment (paid, authorised, confirmed, cancelled...)
 */
export async function releaseHold(db: Database, payments: PaymentProvider, id: string, userId: string): Promise<void> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!booking) throw notFound('Booking not found.');
  if (booking.renterId !== userId) throw forbidden('Only the renter can release this hold.');
  // The hold is the payment's: a series' occurrences are held, and released, together.
  const paymentId = paymentIdOf(booking);
  const rows = await bookingsOfPayment(db, paymentId);
  if (rows.every(isEndedHold)) return;
  const notAHold = conflict('This booking is no longer waiting for payment, so there is no hold to release.');
  if (rows.some((row) => row.status !== 'awaiting_payment')) throw notAHold;
  const intentId = (await findPayment(db, paymentId))?.stripePaymentIntentId;
  const intent = intentId ? await payments.retrievePaymentIntent(intentId) : null;
  if (intent && PAYMENT_UNDER_WAY.has(intent.status)) {
    throw conflict('Your payment for this booking has already gone through, so the hold cannot be released. It is being confirmed.');
  }
  const released = await moveWholePayment(db, rows.length, (tx) =>
    moveBookings(tx, { paymentId }, 'awaiting_payment', 'expire', { holdExpiresAt: null }),
  );
  if (!released) {
    if ((await bookingsOfPayment(db, paymentId)).every(isEndedHold)) return;
    throw notAHold;
  }
  // Read afresh from the provider: cancels an unpaid intent, or gives back a payment that completed meanwhile.
  // A call that fails here is retried by the reconciliation job (expired, payment status still requires_payment).
  await settleMoney(db, payments, paymentId).catch(() => undefined);
}
