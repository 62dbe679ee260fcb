/**
 * The owner's answer to a booking request (request-to-book: the renter's card
 * is authorised, not charged). Accept captures the payment and confirms the
 * booking; decline releases the authorisation. The first Accept claims the
 * request (`accepting_at`) before it captures, so one request is captured
 * once; a claim left standing by a crash is finished by the reconciliation
 * job from what the provider says (`finishAcceptClaim`).
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { nextStatus } from '../../shared/booking-lifecycle';
import type { Booking } from '../../shared/schemas/bookings';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import { conflict, forbidden, HttpError, paymentRequired } from '../http/errors';
import type { PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import { CHANGED_MEANWHILE, requireBookingWithSpace, toBooking, type BookingRow } from './booking-row';
import { moveBooking } from './booking-writer';
import { releasePayment } from './money-back';
import { tellBookingStep } from './notices';

const MINUTE_MS = 60 * 1000;

/** How long an Accept's claim on a request stands before the reconciliation job resolves it from the intent (a crash or a lost answer between claim and capture). */
export const ACCEPT_CLAIM_STALE_MS = 5 * MINUTE_MS;

/** The 409 for a booking someone else moved (or is accepting) between our read and our update, saying what it is now. */
async function changedMeanwhile(db: Database, id: string): Promise<HttpError> {
  const [row] = await db
    .select({ status: bookings.status, acceptingAt: bookings.acceptingAt })
    .from(bookings)
    .where(eq(bookings.id, id))
    .limit(1);
  if (row?.status === 'pending' && row.acceptingAt)
    return conflict('This booking request is being accepted right now. Please reload in a moment.');
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
    const accepted = await db.transaction(async (tx) => {
      const moved = await moveBooking(tx, booking.id, 'pending', 'accept', { requestExpiresAt: null }, { claim, payment: 'capture' });
      if (moved) await tellBookingStep(tx, 'accepted', moved);
      return moved;
    });
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
  const declined = await db.transaction(async (tx) => {
    const moved = await moveBooking(tx, booking.id, 'pending', 'decline', { requestExpiresAt: null }, { claim });
    if (moved) await tellBookingStep(tx, 'declined', moved);
    return moved;
  });
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
export async function acceptBookingRequest(
  db: Database,
  payments: PaymentProvider,
  id: string,
  userId: string,
  now = new Date(),
): Promise<Booking> {
  const { booking, space } = await requireBookingWithSpace(db, id);
  if (space.ownerId !== userId) throw forbidden('Only the owner of this space can answer its booking requests.');
  if (!nextStatus(booking.status, 'accept')) throw conflict(`This booking request is ${booking.status} and can no longer be accepted.`);
  if (booking.requestExpiresAt && booking.requestExpiresAt <= now)
    throw conflict('This booking request has expired and can no longer be accepted.');
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
  const captured = await payments
    .capturePaymentIntent(claimed.stripePaymentIntentId!, `capture-${id}-${claimed.acceptingAt!.getTime()}`)
    .catch(() => null);
  let intent: PaymentIntentInfo | null = captured;
  if (captured?.status !== 'succeeded') {
    try {
      intent = await payments.retrievePaymentIntent(claimed.stripePaymentIntentId!);
    } catch {
      // Whether it was captured is unknown: the claim stays, and the reconciliation job settles it from the intent.
      throw new HttpError(
        503,
        'The payment provider could not be reached. The request is being accepted; please check again in a few minutes.',
      );
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
  throw paymentRequired(
    "The payment could not be captured: the card's authorisation is no longer valid. The request has been declined and nothing was charged.",
  );
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
  const declined = await db.transaction(async (tx) => {
    const moved = await moveBooking(tx, id, booking.status, 'decline', { requestExpiresAt: null });
    if (moved) await tellBookingStep(tx, 'declined', moved);
    return moved;
  });
  if (!declined) throw await changedMeanwhile(db, id);
  // A release that fails here is retried by the reconciliation job.
  await releasePayment(db, payments, declined).catch(() => undefined);
  return toBooking(declined, space);
}
