/**
 * Bookings and their payment (DESIGN decisions 3 to 6; SPEC section 4), in
 * Sharetribe's model: one booking row from the first click.
 *
 * 1. `createBookingHold` quotes once on the server and inserts the booking as
 *    a hold (`awaiting_payment`, expiring after {@link HOLD_MINUTES}) with its
 *    range, units, total and platform fee. The exclusion constraint covers
 *    holds, so the first renter to start paying has the dates. The payment
 *    intent carries the booking id and charges exactly the stored total and fee.
 * 2. `settlePayment` moves the hold on once the server has verified the
 *    payment with the provider (never on the client's word): `confirmed`
 *    (instant booking, paid) or `pending` (request-to-book, card authorised).
 * 3. The owner accepts (capture) or declines (release) a request; either side
 *    cancels a confirmed booking with a refund by the listing's policy.
 *
 * Every status change asks `src/shared/booking-lifecycle.ts` and is a guarded
 * `UPDATE ... WHERE status = <from>`, so concurrent changes cannot both win
 * (the loser gets 409). Provider calls never run inside a database
 * transaction. Whatever money a failed step leaves behind, the
 * reconciliation job (`reconciliation.ts`) gives back.
 */
import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { nextStatus, type BookingTransition } from '../../shared/booking-lifecycle';
import { assertNotInPast, BookingRuleError, quoteBooking, type BookingQuote } from '../../shared/booking-rules';
import { cancellationReason, cancellationRefund, keepsFirstBookingFee, type CancellationRefund, type CancelledBy } from '../../shared/cancellation';
import { HOLD_MINUTES, REQUEST_ANSWER_HOURS, type BookingStatus } from '../../shared/constants';
import { fromCents, toCents } from '../../shared/money';
import type { Booking, BookingPaymentIntent, BookingPaymentStatus, CancellationQuote, createBookingPaymentIntentSchema, createBookingSchema } from '../../shared/schemas/bookings';
import { timeZoneForState } from '../../shared/time-zones';
import { SQLSTATE, sqlState, type Database } from '../db/client';
import { bookings, medicalSpaces, users } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound, paymentRequired } from '../http/errors';
import type { PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import { findSpaceRow } from '../spaces/service';
import { assertRoomForHold } from './hold-limits';

type SpaceRow = typeof medicalSpaces.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
type BookingSpace = Pick<SpaceRow, 'title' | 'city' | 'state' | 'pricePeriod' | 'ownerId'>;

const DATES_TAKEN = 'These dates are already booked. Please choose other dates.';
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Whether `renterId` has not transacted yet with `ownerId`: no confirmed
 * booking, and no cancelled one whose first-booking fee was kept
 * (docs/decisions/008-first-booking-fee-on-cancellation.md). The first one
 * carries the 10% platform fee (`platformFeeCents` in src/shared/booking-rules.ts).
 */
export async function isFirstTransaction(db: Database, renterId: string, ownerId: string): Promise<boolean> {
  return !(await hasBookingWithOwner(db, renterId, ownerId, or(eq(bookings.status, 'confirmed'), and(eq(bookings.status, 'cancelled'), eq(bookings.feeRetained, true)))!));
}

/**
 * Whether `renterId` holds a booking other than `exceptId` with `ownerId`:
 * pending or confirmed, or a hold in payment that has not lapsed at `now`, of any of the owner's spaces.
 */
function holdsOtherBookingsWithOwner(db: Database, renterId: string, ownerId: string, exceptId: string, now: Date): Promise<boolean> {
  return hasBookingWithOwner(
    db,
    renterId,
    ownerId,
    and(ne(bookings.id, exceptId), or(inArray(bookings.status, ['pending', 'confirmed']), and(eq(bookings.status, 'awaiting_payment'), gt(bookings.holdExpiresAt, now))))!,
  );
}

/** Whether `renterId` has a booking of any of `ownerId`'s spaces that also meets `condition`. */
async function hasBookingWithOwner(db: Database, renterId: string, ownerId: string, condition: SQL): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(and(eq(bookings.renterId, renterId), eq(medicalSpaces.ownerId, ownerId), condition))
    .limit(1);
  return Boolean(row);
}

/**
 * What cancelling `booking` at `now` refunds and keeps: the policy's share,
 * and the first-booking fee kept when the renter cancels the booking that
 * carried it while holding other bookings with the owner
 * (docs/decisions/008-first-booking-fee-on-cancellation.md).
 */
async function decideCancellation(db: Database, booking: BookingRow, space: SpaceRow, cancelledBy: CancelledBy, now: Date): Promise<CancellationRefund> {
  const feeCents = toCents(booking.platformFeeAmount ?? '0');
  const feeKept = keepsFirstBookingFee({
    cancelledBy,
    feeCents,
    holdsOtherBookingsWithOwner: cancelledBy === 'renter' && feeCents > 0 && (await holdsOtherBookingsWithOwner(db, booking.renterId, space.ownerId, booking.id, now)),
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

/** The payment status the API shows: an intent made but not yet paid is still `none`. */
function publicPaymentStatus(status: BookingRow['paymentStatus']): BookingPaymentStatus {
  return status === 'requires_payment' ? 'none' : status;
}

/** Public shape of a booking row; instants ISO-8601 UTC. */
export function toBooking(row: BookingRow, space?: BookingSpace, renter?: { firstName: string; lastName: string }): Booking {
  return {
    id: row.id,
    spaceId: row.spaceId,
    renterId: row.renterId,
    startDate: row.startAt.toISOString(),
    endDate: row.endAt.toISOString(),
    totalPrice: row.totalPrice,
    platformFeeAmount: row.platformFeeAmount,
    stripePaymentIntentId: row.stripePaymentIntentId,
    status: row.status,
    units: row.units,
    instantBook: row.instantBook,
    cancellationPolicyTier: row.cancellationPolicyTier,
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    requestExpiresAt: row.requestExpiresAt?.toISOString() ?? null,
    refundAmount: row.refundAmount,
    paymentStatus: publicPaymentStatus(row.paymentStatus),
    amountRefunded: fromCents(toCents(row.amountRefunded)),
    cancelledBy: row.cancelledBy,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    notes: row.notes,
    disputeStatus: row.disputeStatus,
    createdAt: row.createdAt.toISOString(),
    ...(space
      ? {
          space: {
            title: space.title,
            city: space.city,
            state: space.state,
            pricePeriod: space.pricePeriod,
            ownerId: space.ownerId,
            timeZone: timeZoneForState(space.state),
          },
        }
      : {}),
    ...(renter ? { renter: { firstName: renter.firstName, lastName: renter.lastName } } : {}),
  };
}

/**
 * Applies a lifecycle transition to a booking whose status is `from`, with
 * `changes` in the same `UPDATE`. A pending request that an Accept has
 * claimed (`accepting_at` set) moves only when `claim` is that claim (the
 * claimant finishing, which also clears it): a concurrent decline, expiry or
 * second accept finds nothing to move.
 * @param claim the `accepting_at` of the claim this call finishes (see {@link acceptBookingRequest})
 * @returns the updated row, or null when the booking was no longer in `from` or is claimed by someone else
 * @throws HttpError 409 when the state table does not allow the transition from `from`
 */
export async function transitionBooking(
  db: Database,
  id: string,
  from: BookingStatus,
  transition: BookingTransition,
  changes: Partial<typeof bookings.$inferInsert> = {},
  claim?: Date,
): Promise<BookingRow | null> {
  const to = nextStatus(from, transition);
  if (!to) throw conflict(`A ${from.replace('_', ' ')} booking cannot be ${PAST_TENSE[transition]}.`);
  const claimGuard = from === 'pending' ? (claim ? eq(bookings.acceptingAt, claim) : isNull(bookings.acceptingAt)) : undefined;
  const [row] = await db
    .update(bookings)
    .set({ ...changes, ...(claim ? { acceptingAt: null } : {}), status: to })
    .where(and(eq(bookings.id, id), eq(bookings.status, from), claimGuard))
    .returning();
  return row ?? null;
}

const PAST_TENSE: Record<BookingTransition, string> = {
  pay: 'paid',
  authorize: 'authorised',
  expire: 'expired',
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
};

/** A booking moved by someone else between our read and our update. */
const CHANGED_MEANWHILE = 'This booking changed in the meantime. Please reload and try again.';

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
 * POST /api/create-booking-payment-intent: quotes the booking once, holds the
 * dates, and creates the payment intent for exactly the stored total and fee.
 * Asking again for the same attempt (`idempotencyKey`) and dates returns the
 * same hold and intent; other dates for the same attempt replace the hold.
 * @throws HttpError 400 bad dates or an amount that disagrees with the quote, 404 unknown space, 409 dates taken
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
  if (input.amount !== undefined && toCents(input.amount) !== quote.totalCents) {
    throw badRequest(`The amount does not match the price of these dates (${fromCents(quote.totalCents)}).`);
  }
  const destination = await ownerPayoutAccount(db, space.ownerId);

  let hold: BookingRow | undefined;
  if (input.idempotencyKey) {
    const [previous] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.renterId, renterId), eq(bookings.idempotencyKey, input.idempotencyKey)))
      .limit(1);
    if (previous) {
      const same =
        previous.spaceId === space.id && previous.startAt.getTime() === quote.startAt.getTime() && previous.endAt.getTime() === quote.endAt.getTime();
      if (same && previous.status === 'awaiting_payment' && previous.holdExpiresAt && previous.holdExpiresAt > now) hold = previous;
      else if (previous.status === 'awaiting_payment' || previous.status === 'expired') {
        // The same attempt with other details: let the old hold go; the job cancels its intent.
        await db
          .update(bookings)
          .set({ idempotencyKey: null, ...(previous.status === 'awaiting_payment' ? { status: 'expired' as const } : {}) })
          .where(eq(bookings.id, previous.id));
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
        // Stale holds no longer keep the dates (DESIGN decision 4).
        await tx
          .update(bookings)
          .set({ status: 'expired' })
          .where(and(eq(bookings.spaceId, space.id), eq(bookings.status, 'awaiting_payment'), lte(bookings.holdExpiresAt, now)));
        const [row] = await tx
          .insert(bookings)
          .values({
            spaceId: space.id,
            renterId,
            ...quotedColumns(quote),
            status: 'awaiting_payment',
            instantBook: space.instantBook,
            cancellationPolicyTier: space.cancellationPolicyTier,
            holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * MINUTE_MS),
            idempotencyKey: input.idempotencyKey ?? null,
            notes: input.bookingDetails.notes || null,
          })
          .returning();
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
    await transitionBooking(db, hold.id, 'awaiting_payment', 'expire');
    throw error;
  }
  if (hold.stripePaymentIntentId !== intent.id) {
    await db.update(bookings).set({ stripePaymentIntentId: intent.id, paymentStatus: 'requires_payment' }).where(eq(bookings.id, hold.id));
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

/** Whether a payment intent is the one made for `booking`: its id, amount and currency. */
function intentMatches(intent: PaymentIntentInfo, booking: BookingRow): boolean {
  return intent.metadata.bookingId === booking.id && intent.amount === toCents(booking.totalPrice) && intent.currency === 'usd';
}

/** The intent read back after a refund we made, for what the provider has refunded (never our own arithmetic); `before` if it no longer knows it. */
async function afterRefund(payments: PaymentProvider, before: PaymentIntentInfo): Promise<PaymentIntentInfo> {
  return (await payments.retrievePaymentIntent(before.id)) ?? before;
}

/** The payment status a succeeded intent's refunds amount to. */
const refundedStatus = (intent: PaymentIntentInfo) => (intent.amountRefunded >= intent.amount ? ('refunded' as const) : ('partially_refunded' as const));

/**
 * Gives back the money of a payment whose booking is not going ahead (an
 * expired hold or request, a declined request): a refund of what is left when
 * it was paid, a release when it was only authorised or unpaid. Records the
 * payment's new state and what the provider has refunded on the booking.
 * Each call carries the booking's one release key (`release-<id>` for the
 * refund, `release-card-<id>` for the authorisation), and the amount left is
 * read from the provider, so a retry gives nothing back twice.
 * @throws Error for a booking that is going ahead or was cancelled (its money is not this function's to give back)
 */
export async function releasePayment(db: Database, payments: PaymentProvider, booking: BookingRow, intent?: PaymentIntentInfo | null): Promise<void> {
  if (booking.status !== 'expired' && booking.status !== 'declined') throw new Error(`Refusing to release the payment of a ${booking.status} booking (${booking.id}).`);
  if (!booking.stripePaymentIntentId) return;
  const current = intent ?? (await payments.retrievePaymentIntent(booking.stripePaymentIntentId));
  if (!current) return;
  if (current.status === 'succeeded') {
    let after = current;
    if (current.amountRefunded < current.amount) {
      await payments.refundPaymentIntent(current.id, { amount: current.amount - current.amountRefunded, idempotencyKey: `release-${booking.id}` });
      after = await afterRefund(payments, current);
    }
    await db
      .update(bookings)
      .set({ paymentStatus: 'refunded', refundedAt: new Date(), amountRefunded: fromCents(after.amountRefunded) })
      .where(eq(bookings.id, booking.id));
    return;
  }
  if (current.status !== 'canceled') await payments.cancelPaymentIntent(current.id, `release-card-${booking.id}`);
  await db.update(bookings).set({ paymentStatus: 'canceled' }).where(eq(bookings.id, booking.id));
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
    throw conflict('This booking was cancelled. Its refund follows the cancellation policy and has been made; nothing more is charged or refunded. Please start a new booking.');
  }
  if (booking.status === 'declined') throw conflict('The owner declined this booking request and the card authorisation was released. Please start a new booking.');
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
    const moved = paid
      ? await transitionBooking(db, booking.id, 'awaiting_payment', 'pay', { paymentStatus: 'paid', holdExpiresAt: null })
      : await transitionBooking(db, booking.id, 'awaiting_payment', 'authorize', {
          paymentStatus: 'authorized',
          holdExpiresAt: null,
          requestExpiresAt: new Date(Math.min(now.getTime() + REQUEST_ANSWER_HOURS * HOUR_MS, booking.startAt.getTime())),
        });
    if (moved) return { booking: moved, settled: true };
    const [again] = await db.select().from(bookings).where(eq(bookings.id, booking.id)).limit(1);
    return settlePayment(db, payments, again!, intent, now);
  }

  // The hold lapsed (or was replaced) before the payment completed: nothing is booked, so nothing is kept.
  await releasePayment(db, payments, booking, intent);
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
    // The spec's call carries the notes; the hold may not have had them.
    const [noted] = await db.update(bookings).set({ notes: input.notes }).where(eq(bookings.id, booking.id)).returning();
    return { booking: toBooking(noted!, space), created: settled };
  }
  return { booking: toBooking(booking, space), created: settled };
}

/** Intent statuses of a payment that is going through or has (Stripe's lifecycle): a hold with one is never released. */
const PAYMENT_UNDER_WAY = new Set(['processing', 'requires_capture', 'succeeded']);

/** Whether an expired booking is a hold that ended unpaid (lapsed or released): releasing it again has nothing to do. */
const isEndedHold = (booking: BookingRow) => booking.status === 'expired' && ['none', 'requires_payment', 'canceled'].includes(booking.paymentStatus);

/**
 * DELETE /api/bookings/{id}/hold: the renter gives up a hold they have not
 * paid (the payment dialog closed), so it stops counting towards their unpaid
 * holds ({@link assertRoomForHold}) and its dates are free at once. The hold
 * moves `awaiting_payment` -> `expired` through the state table, then its
 * payment intent is cancelled with the provider under the booking's release
 * key (`release-card-<id>`; {@link releasePayment}), recording payment status
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
  if (isEndedHold(booking)) return;
  const notAHold = conflict('This booking is no longer waiting for payment, so there is no hold to release.');
  if (booking.status !== 'awaiting_payment') throw notAHold;
  const intent = booking.stripePaymentIntentId ? await payments.retrievePaymentIntent(booking.stripePaymentIntentId) : null;
  if (intent && PAYMENT_UNDER_WAY.has(intent.status)) {
    throw conflict('Your payment for this booking has already gone through, so the hold cannot be released. It is being confirmed.');
  }
  const released = await transitionBooking(db, id, 'awaiting_payment', 'expire', { holdExpiresAt: null });
  if (!released) {
    const [current] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
    if (current && isEndedHold(current)) return;
    throw notAHold;
  }
  // Read afresh from the provider: cancels an unpaid intent, or gives back a payment that completed meanwhile.
  // A call that fails here is retried by the reconciliation job (expired, payment status still requires_payment).
  await releasePayment(db, payments, released).catch(() => undefined);
}

/** A booking with its space, for permission checks. */
async function requireBookingWithSpace(db: Database, id: string): Promise<{ booking: BookingRow; space: SpaceRow }> {
  const [row] = await db.select({ booking: bookings, space: medicalSpaces }).from(bookings).innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId)).where(eq(bookings.id, id)).limit(1);
  if (!row) throw notFound('Booking not found.');
  return row;
}

/** How long an Accept's claim on a request stands before the reconciliation job resolves it from the intent (a crash or a lost answer between claim and capture). */
export const ACCEPT_CLAIM_STALE_MS = 5 * MINUTE_MS;

/** The 409 for a booking someone else moved (or is accepting) between our read and our update, saying what it is now. */
async function changedMeanwhile(db: Database, id: string): Promise<HttpError> {
  const [row] = await db.select({ status: bookings.status, acceptingAt: bookings.acceptingAt }).from(bookings).where(eq(bookings.id, id)).limit(1);
  if (row?.status === 'pending' && row.acceptingAt) return conflict('This booking request is being accepted right now. Please reload in a moment.');
  if (row?.status === 'confirmed') return conflict('This booking request has already been accepted.');
  if (row?.status === 'declined') return conflict('This booking request has already been declined.');
  if (row?.status === 'expired') return conflict('This booking request has expired.');
  if (row?.status === 'cancelled') return conflict('This booking has already been cancelled.');
  return conflict(CHANGED_MEANWHILE);
}

/**
 * Finishes an Accept's claim on a pending request from what the provider says
 * of its payment: captured -> confirmed (paid); still authorised -> back to
 * pending, the claim cleared; the authorisation gone (canceled, expired,
 * unknown) -> declined, with whatever is left released. Only the claimant
 * (`booking.acceptingAt`) moves it. Money is never given back for a booking
 * that ends up confirmed.
 * @returns what became of the request, with its row (null when someone else had finished the claim)
 */
export async function finishAcceptClaim(
  db: Database,
  payments: PaymentProvider,
  booking: BookingRow,
  intent: PaymentIntentInfo | null,
): Promise<{ outcome: 'confirmed' | 'pending' | 'declined'; booking: BookingRow | null }> {
  const claim = booking.acceptingAt;
  if (booking.status !== 'pending' || !claim) throw new Error(`Booking ${booking.id} has no claim to finish.`);
  if (intent?.status === 'succeeded') {
    const accepted = await transitionBooking(db, booking.id, 'pending', 'accept', { paymentStatus: 'paid', requestExpiresAt: null }, claim);
    return { outcome: 'confirmed', booking: accepted };
  }
  if (intent?.status === 'requires_capture') {
    const [cleared] = await db
      .update(bookings)
      .set({ acceptingAt: null })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'pending'), eq(bookings.acceptingAt, claim)))
      .returning();
    return { outcome: 'pending', booking: cleared ?? null };
  }
  const declined = await transitionBooking(db, booking.id, 'pending', 'decline', { requestExpiresAt: null }, claim);
  // A release that fails here is retried by the reconciliation job (declined, payment still authorised).
  if (declined && intent) await releasePayment(db, payments, declined, intent).catch(() => undefined);
  return { outcome: 'declined', booking: declined };
}

/**
 * PUT /api/bookings/{id}/accept: the space's owner accepts a pending request;
 * the authorised payment is captured and the booking confirmed. The first
 * Accept claims the request (`accepting_at`, a conditional update on a
 * pending, unclaimed, unexpired request) and only then captures, so one
 * request is captured once; a concurrent accept, decline or expiry gets 409
 * and touches no money. A capture that fails leaves the request pending (the
 * claim cleared), or declines it when the card's authorisation is gone.
 * @throws HttpError 403 not the owner, 404 unknown booking, 409 not pending (answered, expired, being accepted), 402 capture failed (still pending, or declined when the authorisation is gone), 503 the provider could not be reached (the job settles the claim)
 */
export async function acceptBookingRequest(db: Database, payments: PaymentProvider, id: string, userId: string, now = new Date()): Promise<Booking> {
  const { booking, space } = await requireBookingWithSpace(db, id);
  if (space.ownerId !== userId) throw forbidden('Only the owner of this space can answer its booking requests.');
  if (!nextStatus(booking.status, 'accept')) throw conflict(`This booking request is ${booking.status} and can no longer be accepted.`);
  if (booking.requestExpiresAt && booking.requestExpiresAt <= now) throw conflict('This booking request has expired and can no longer be accepted.');
  if (!booking.stripePaymentIntentId) throw conflict('This booking request has no payment to capture.');

  const [claimed] = await db
    .update(bookings)
    .set({ acceptingAt: now })
    .where(
      and(
        eq(bookings.id, id),
        eq(bookings.status, 'pending'),
        isNull(bookings.acceptingAt),
        or(isNull(bookings.requestExpiresAt), gt(bookings.requestExpiresAt, now)),
      ),
    )
    .returning();
  if (!claimed) throw await changedMeanwhile(db, id);

  // One key per claim: a retry of this capture is the same capture, and a later Accept (after a failed one) is not answered with a replayed failure.
  const captured = await payments.capturePaymentIntent(claimed.stripePaymentIntentId!, `capture-${id}-${claimed.acceptingAt!.getTime()}`).catch(() => null);
  let intent: PaymentIntentInfo | null = captured;
  if (captured?.status !== 'succeeded') {
    try {
      intent = await payments.retrievePaymentIntent(claimed.stripePaymentIntentId!);
    } catch {
      // Whether it was captured is unknown: the claim stays, and the reconciliation job settles it from the intent.
      throw new HttpError(503, 'The payment provider could not be reached. The request is being accepted; please check again in a few minutes.');
    }
  }
  const { outcome, booking: finished } = await finishAcceptClaim(db, payments, claimed, intent);
  if (outcome === 'confirmed' && finished) return toBooking(finished, space);
  if (!finished) {
    // The reconciliation job finished a stale claim first: answer with what it made of it.
    const [current] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
    if (current?.status === 'confirmed') return toBooking(current, space);
    throw await changedMeanwhile(db, id);
  }
  if (outcome === 'pending') throw paymentRequired('The payment could not be captured. The request is still pending; please try again.');
  throw paymentRequired("The payment could not be captured: the card's authorisation is no longer valid. The request has been declined and nothing was charged.");
}

/**
 * PUT /api/bookings/{id}/decline: the space's owner declines a pending
 * request; the card's authorisation is released. A request being accepted
 * (claimed) cannot be declined.
 * @throws HttpError 403 not the owner, 404 unknown booking, 409 not pending or being accepted
 */
export async function declineBookingRequest(db: Database, payments: PaymentProvider, id: string, userId: string): Promise<Booking> {
  const { booking, space } = await requireBookingWithSpace(db, id);
  if (space.ownerId !== userId) throw forbidden('Only the owner of this space can answer its booking requests.');
  const declined = await transitionBooking(db, id, booking.status, 'decline', { requestExpiresAt: null });
  if (!declined) throw await changedMeanwhile(db, id);
  // A release that fails here is retried by the reconciliation job.
  await releasePayment(db, payments, declined).catch(() => undefined);
  return toBooking(declined, space);
}

/** Who may cancel a booking: its renter or its space's owner. */
function cancellingParty(booking: BookingRow, space: SpaceRow, userId: string): CancelledBy {
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
export async function cancelBooking(db: Database, payments: PaymentProvider, id: string, userId: string, now = new Date()): Promise<Booking> {
  const { booking, space } = await requireBookingWithSpace(db, id);
  const cancelledBy = cancellingParty(booking, space, userId);
  if (booking.status === 'confirmed' && booking.endAt <= now) throw conflict('This booking has already ended.');
  const decision = await decideCancellation(db, booking, space, cancelledBy, now);
  const refund = decision.refundCents;
  const cancelled = await transitionBooking(db, id, booking.status, 'cancel', {
    refundAmount: fromCents(refund),
    feeRetained: decision.keptFeeCents > 0,
    cancelledBy,
    cancelledAt: now,
  });
  if (!cancelled) throw conflict(CHANGED_MEANWHILE);
  if (refund === 0) return toBooking(cancelled, space);
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
  const [row] = await db
    .update(bookings)
    .set({ refundedAt: new Date(), paymentStatus: refundedStatus(after), amountRefunded: fromCents(after.amountRefunded) })
    .where(eq(bookings.id, booking.id))
    .returning();
  return row!;
}

const bookingSpaceColumns = {
  title: medicalSpaces.title,
  city: medicalSpaces.city,
  state: medicalSpaces.state,
  pricePeriod: medicalSpaces.pricePeriod,
  ownerId: medicalSpaces.ownerId,
};

/**
 * GET /api/bookings/{id}: one booking with its space and renter's name, for
 * its renter or its space's owner.
 * @throws HttpError 403 anyone else, 404 unknown booking
 */
export async function getBooking(db: Database, id: string, userId: string): Promise<Booking> {
  const [row] = await db
    .select({ booking: bookings, space: bookingSpaceColumns, renter: { firstName: users.firstName, lastName: users.lastName } })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, bookings.renterId))
    .where(eq(bookings.id, id))
    .limit(1);
  if (!row) throw notFound('Booking not found.');
  if (row.booking.renterId !== userId && row.space.ownerId !== userId) throw forbidden('Only the renter or the owner can see this booking.');
  return toBooking(row.booking, row.space, row.renter);
}

/** A renter's bookings with their space, newest start first (holds in payment, and holds that lapsed unpaid, are left out). */
export async function listRenterBookings(db: Database, renterId: string): Promise<Booking[]> {
  const rows = await db
    .select({ booking: bookings, space: bookingSpaceColumns })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(
      and(
        eq(bookings.renterId, renterId),
        ne(bookings.status, 'awaiting_payment'),
        sql`not (${bookings.status} = 'expired' and ${bookings.paymentStatus} in ('none', 'requires_payment', 'canceled'))`,
      ),
    )
    .orderBy(desc(bookings.startAt), sql`${bookings.id}`);
  return rows.map((row) => toBooking(row.booking, row.space));
}

/** The pending requests for an owner's spaces, with space title and renter name (SPEC section 3), oldest first. */
export async function listBookingRequests(db: Database, ownerId: string): Promise<Booking[]> {
  const rows = await db
    .select({ booking: bookings, space: bookingSpaceColumns, renter: { firstName: users.firstName, lastName: users.lastName } })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, bookings.renterId))
    .where(and(eq(medicalSpaces.ownerId, ownerId), eq(bookings.status, 'pending')))
    .orderBy(bookings.createdAt);
  return rows.map((row) => toBooking(row.booking, row.space, row.renter));
}
