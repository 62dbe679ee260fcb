/**
 * The owner's answer to a booking request (request-to-book: the renter's card is authorised, not
 * charged), on the payment the request is for (docs/decisions/035-one-payment-model.md): one
 * booking, or every occurrence of a series (one request for the series,
 * docs/decisions/026-booking-series.md). Accept captures the payment and confirms its bookings;
 * decline releases the authorisation. The first Accept claims every booking of the payment at one
 * instant (`accepting_at`) before it captures, so a payment is captured once; a claim left standing
 * by a crash is finished by the reconciliation job from what the provider says ({@link finishClaim}).
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { nextStatus } from '../../shared/booking-lifecycle';
import type { Booking } from '../../shared/schemas/bookings';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import { conflict, forbidden, HttpError, paymentRequired } from '../http/errors';
import type { PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import { CHANGED_MEANWHILE, findBookingPayment, requireBookingWithSpace, toBooking, type BookingRow } from './booking-row';
import { moveBookings } from './booking-writer';
import { tellEachStep } from './notices';
import { bookingsOfPayment, findPayment, moveWholePayment, paymentIdOf } from './payment-bookings';
import { settleMoney } from './settlement';

const MINUTE_MS = 60 * 1000;

/** How long an Accept's claim on a request stands before the reconciliation job resolves it from the intent (a crash or a lost answer between claim and capture). */
export const ACCEPT_CLAIM_STALE_MS = 5 * MINUTE_MS;

/** The 409 of a request someone else moved (or is accepting) between our read and our update, saying what it is now. */
function changedMeanwhile(rows: readonly BookingRow[]): HttpError {
  if (rows.some((row) => row.status === 'pending' && row.acceptingAt))
    return conflict('This booking request is being accepted right now. Please reload in a moment.');
  if (rows.some((row) => row.status === 'confirmed')) return conflict('This booking request has already been accepted.');
  if (rows.some((row) => row.status === 'declined')) return conflict('This booking request has already been declined.');
  if (rows.some((row) => row.status === 'expired')) return conflict('This booking request has expired.');
  if (rows.some((row) => row.status === 'cancelled')) return conflict('This booking has already been cancelled.');
  return conflict(CHANGED_MEANWHILE);
}

/**
 * Finishes an Accept's claim on a payment's pending request from what the provider says of its
 * payment: captured -> every booking confirmed (paid); still authorised -> back to pending, the
 * claim cleared; the authorisation gone (canceled, expired, unknown) -> declined, with whatever is
 * left given back. Only the claimant (`claim`, the bookings' `accepting_at`) moves them. Money is
 * never given back for a request that ends up confirmed.
 * @returns what became of the request, with the rows moved (none when someone else had finished the claim)
 */
export async function finishClaim(
  db: Database,
  payments: PaymentProvider,
  paymentId: string,
  claim: Date,
  intent: PaymentIntentInfo | null,
): Promise<{ outcome: 'confirmed' | 'pending' | 'declined'; bookings: BookingRow[] }> {
  if (intent?.status === 'succeeded') {
    const accepted = await db.transaction(async (tx) => {
      const moved = await moveBookings(tx, { paymentId }, 'pending', 'accept', { requestExpiresAt: null }, { claim, payment: 'capture' });
      await tellEachStep(tx, 'accepted', moved);
      return moved;
    });
    return { outcome: 'confirmed', bookings: accepted };
  }
  if (intent?.status === 'requires_capture') {
    const cleared = await db
      .update(bookings)
      .set({ acceptingAt: null })
      .where(and(eq(bookings.paymentId, paymentId), eq(bookings.status, 'pending'), eq(bookings.acceptingAt, claim)))
      .returning();
    return { outcome: 'pending', bookings: cleared };
  }
  const declined = await db.transaction(async (tx) => {
    const moved = await moveBookings(tx, { paymentId }, 'pending', 'decline', { requestExpiresAt: null }, { claim });
    await tellEachStep(tx, 'declined', moved);
    return moved;
  });
  // What fails to be given back here is given back by the reconciliation job.
  if (declined.length > 0) await settleMoney(db, payments, paymentId).catch(() => undefined);
  return { outcome: 'declined', bookings: declined };
}

/**
 * PUT /api/bookings/{id}/accept: the space's owner accepts a pending request, the booking's whole
 * payment (a series' every occurrence): every booking is claimed at one instant (pending, unclaimed,
 * unexpired), then the authorised payment is captured and the bookings confirmed. A concurrent
 * accept, decline or expiry gets 409 and touches no money. A capture that fails leaves the request
 * pending (the claim cleared), or declines it when the card's authorisation is gone.
 * @returns the booking `id` as it is now
 * @throws HttpError 403 not the owner, 404 unknown booking, 409 not pending (answered, expired, being accepted), 402 capture failed (still pending, or declined when the authorisation is gone), 503 the provider could not be reached (the job settles the claim)
 */
async function acceptRequest(
  db: Database,
  payments: PaymentProvider,
  booking: BookingRow,
  now: Date,
): Promise<{ outcome: 'confirmed' | 'pending' | 'declined'; moved: number }> {
  if (!nextStatus(booking.status, 'accept')) throw conflict(`This booking request is ${booking.status} and can no longer be accepted.`);
  const paymentId = paymentIdOf(booking);
  const rows = await bookingsOfPayment(db, paymentId);
  if (rows.some((row) => row.status !== 'pending')) throw changedMeanwhile(rows);
  if (rows.some((row) => row.requestExpiresAt && row.requestExpiresAt <= now))
    throw conflict('This booking request has expired and can no longer be accepted.');
  const intentId = (await findPayment(db, paymentId))?.stripePaymentIntentId;
  if (!intentId) throw conflict('This booking request has no payment to capture.');
  const claimed = await moveWholePayment(db, rows.length, (tx) =>
    tx
      .update(bookings)
      .set({ acceptingAt: now })
      .where(
        and(
          eq(bookings.paymentId, paymentId),
          eq(bookings.status, 'pending'),
          isNull(bookings.acceptingAt),
          or(isNull(bookings.requestExpiresAt), gt(bookings.requestExpiresAt, now)),
        ),
      )
      .returning(),
  );
  if (!claimed) throw changedMeanwhile(await bookingsOfPayment(db, paymentId));

  // One key per claim: a retry of this capture is the same capture, and a later Accept (after a failed one) is not answered with a replayed failure.
  const captured = await payments.capturePaymentIntent(intentId, `capture-${paymentId}-${now.getTime()}`).catch(() => null);
  let intent: PaymentIntentInfo | null = captured;
  if (captured?.status !== 'succeeded') {
    try {
      intent = await payments.retrievePaymentIntent(intentId);
    } catch {
      // Whether it was captured is unknown: the claim stays, and the reconciliation job settles it from the intent.
      throw new HttpError(
        503,
        'The payment provider could not be reached. The request is being accepted; please check again in a few minutes.',
      );
    }
  }
  const finished = await finishClaim(db, payments, paymentId, now, intent);
  return { outcome: finished.outcome, moved: finished.bookings.length };
}

/**
 * PUT /api/bookings/{id}/accept and /decline: the space's owner answers a request, for the whole
 * payment it is part of (a series' occurrences answer together). A declined request's
 * authorisation is released; a request being accepted (claimed) cannot be declined.
 * @returns the booking `id` as it is now
 * @throws HttpError 403 not the owner, 404 unknown booking, 409 not pending or changed meanwhile, 402 capture failed, 503 provider unreachable
 */
export async function answerRequest(
  db: Database,
  payments: PaymentProvider,
  id: string,
  userId: string,
  answer: 'accept' | 'decline',
  now = new Date(),
): Promise<Booking> {
  const { booking, space } = await requireBookingWithSpace(db, id);
  if (space.ownerId !== userId) throw forbidden('Only the owner of this space can answer its booking requests.');
  const paymentId = paymentIdOf(booking);
  const current = async () => (await bookingsOfPayment(db, paymentId)).find((row) => row.id === id)!;
  if (answer === 'accept') {
    const { outcome, moved } = await acceptRequest(db, payments, booking, now);
    const answered = await current();
    if (outcome === 'confirmed' && (moved > 0 || answered.status === 'confirmed'))
      return toBooking(answered, await findBookingPayment(db, paymentId), space);
    // The reconciliation job finished a stale claim first, or someone else moved it.
    if (moved === 0) throw changedMeanwhile(await bookingsOfPayment(db, paymentId));
    if (outcome === 'pending') throw paymentRequired('The payment could not be captured. The request is still pending; please try again.');
    throw paymentRequired(
      "The payment could not be captured: the card's authorisation is no longer valid. The request has been declined and nothing was charged.",
    );
  }
  const rows = await bookingsOfPayment(db, paymentId);
  const declined = await moveWholePayment(db, rows.length, async (tx) => {
    const moved = await moveBookings(tx, { paymentId }, 'pending', 'decline', { requestExpiresAt: null });
    await tellEachStep(tx, 'declined', moved);
    return moved;
  });
  if (!declined) throw changedMeanwhile(await bookingsOfPayment(db, paymentId));
  // What fails to be given back here is given back by the reconciliation job.
  await settleMoney(db, payments, paymentId).catch(() => undefined);
  return toBooking(
    declined.find((row) => row.id === id)!,
    await findBookingPayment(db, paymentId),
    space,
  );
}
