/**
 * What happens to a series after checkout (docs/decisions/026-booking-series.md): the owner answers
 * its one request as a whole, its request expires as a whole, the renter or owner cancels the rest
 * of it, and anyone concerned reads it. A series' money moves only through `series-money.ts`.
 * The routes of single bookings hand an occurrence's hold release and answers to this module
 * ({@link releaseAnyHold}, {@link answerRequest}).
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { seriesCancellationReason, type CancelledBy } from '../../shared/cancellation';
import { fromCents, toCents } from '../../shared/money';
import type { BookingSeries } from '../../shared/schemas/booking-series';
import type { Booking, CancellationQuote } from '../../shared/schemas/bookings';
import type { Database } from '../db/client';
import { bookings, medicalSpaces } from '../db/schema';
import { conflict, forbidden, HttpError, notFound, paymentRequired } from '../http/errors';
import type { PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import { CHANGED_MEANWHILE, requireBookingWithSpace, toBooking, type BookingRow, type SpaceRow } from './booking-row';
import { moveBooking, moveBookings } from './booking-writer';
import { cancellingParty, decideCancellation } from './cancellation';
import { releaseHold } from './checkout';
import { acceptBookingRequest, declineBookingRequest } from './owner-answers';
import { tellSeriesStep } from './notices';
import { releaseSeriesHold } from './series-checkout';
import {
  cancellationRefundAmount,
  findSeries,
  SeriesMovedMeanwhile,
  seriesOccurrences,
  settleSeriesMoney,
  type SeriesRow,
} from './series-money';

/** A series with its space. @throws HttpError 404 unknown series */
async function requireSeriesWithSpace(db: Database, id: string): Promise<{ series: SeriesRow; space: SpaceRow }> {
  const series = await findSeries(db, id);
  if (!series) throw notFound('Booking series not found.');
  const [space] = await db.select().from(medicalSpaces).where(eq(medicalSpaces.id, series.spaceId)).limit(1);
  if (!space) throw notFound('Booking series not found.');
  return { series, space };
}

/** The series as the API shows it. */
function toSeries(series: SeriesRow, occurrences: readonly BookingRow[], space: SpaceRow): BookingSeries {
  return {
    id: series.id,
    spaceId: series.spaceId,
    renterId: series.renterId,
    recurrence: series.recurrence,
    totalPrice: series.totalPrice,
    platformFeeAmount: series.platformFeeAmount,
    instantBook: series.instantBook,
    paymentStatus: series.paymentStatus === 'requires_payment' ? 'none' : series.paymentStatus,
    amountRefunded: fromCents(toCents(series.amountRefunded)),
    createdAt: series.createdAt.toISOString(),
    occurrences: occurrences.map((row) => toBooking(row, space)),
  };
}

/**
 * GET /api/booking-series/{id}: the series and its occurrences, for its renter or its space's owner.
 * @throws HttpError 403 anyone else, 404 unknown series
 */
export async function getSeries(db: Database, id: string, userId: string): Promise<BookingSeries> {
  const { series, space } = await requireSeriesWithSpace(db, id);
  if (series.renterId !== userId && space.ownerId !== userId) throw forbidden('Only the renter or the owner can see this booking series.');
  return toSeries(series, await seriesOccurrences(db, id), space);
}

/** The 409 of a series request someone else moved or is answering, saying what it is now. */
function seriesChangedMeanwhile(occurrences: readonly BookingRow[]): HttpError {
  if (occurrences.some((row) => row.status === 'pending' && row.acceptingAt))
    return conflict('This booking request is being accepted right now. Please reload in a moment.');
  if (occurrences.some((row) => row.status === 'confirmed')) return conflict('This booking request has already been accepted.');
  if (occurrences.some((row) => row.status === 'declined')) return conflict('This booking request has already been declined.');
  if (occurrences.some((row) => row.status === 'expired')) return conflict('This booking request has expired.');
  return conflict(CHANGED_MEANWHILE);
}

/**
 * Finishes an Accept's claim on a series request from what the provider says of its payment (as
 * `finishAcceptClaim` does one request's): captured -> every occurrence confirmed; still
 * authorised -> the claim cleared; the authorisation gone -> declined, whatever is left released.
 * Only the claimant (`claim`, the occurrences' `accepting_at`) moves it.
 * @returns what became of the request and its occurrences (none moved when someone else finished the claim)
 */
export async function finishSeriesClaim(
  db: Database,
  payments: PaymentProvider,
  series: SeriesRow,
  claim: Date,
  intent: PaymentIntentInfo | null,
): Promise<{ outcome: 'confirmed' | 'pending' | 'declined'; occurrences: BookingRow[] }> {
  if (intent?.status === 'succeeded') {
    const accepted = await db.transaction(async (tx) => {
      const moved = await moveBookings(
        tx,
        { seriesId: series.id },
        'pending',
        'accept',
        { requestExpiresAt: null },
        { claim, payment: 'capture' },
      );
      if (moved.length > 0) await tellSeriesStep(tx, 'accepted', moved);
      return moved;
    });
    return { outcome: 'confirmed', occurrences: accepted };
  }
  if (intent?.status === 'requires_capture') {
    const cleared = await db
      .update(bookings)
      .set({ acceptingAt: null })
      .where(and(eq(bookings.seriesId, series.id), eq(bookings.status, 'pending'), eq(bookings.acceptingAt, claim)))
      .returning();
    return { outcome: 'pending', occurrences: cleared };
  }
  const declined = await db.transaction(async (tx) => {
    const moved = await moveBookings(tx, { seriesId: series.id }, 'pending', 'decline', { requestExpiresAt: null }, { claim });
    if (moved.length > 0) await tellSeriesStep(tx, 'declined', moved);
    return moved;
  });
  // A release that fails here is retried by the reconciliation job.
  if (declined.length > 0) await settleSeriesMoney(db, payments, series.id).catch(() => undefined);
  return { outcome: 'declined', occurrences: declined };
}

/**
 * The owner accepts a series request as a whole (PUT /api/bookings/{id}/accept of any of its
 * occurrences): every occurrence is claimed at one instant (a pending, unclaimed, unexpired
 * request), then the one payment is captured and every occurrence confirmed. A concurrent accept,
 * decline or expiry gets 409 and touches no money.
 * @returns the occurrence `bookingId`, confirmed
 * @throws HttpError 403 not the owner, 409 not pending (answered, expired, being accepted), 402 capture failed, 503 the provider could not be reached
 */
async function acceptSeriesRequest(
  db: Database,
  payments: PaymentProvider,
  series: SeriesRow,
  space: SpaceRow,
  bookingId: string,
  now: Date,
): Promise<Booking> {
  const occurrences = await seriesOccurrences(db, series.id);
  if (occurrences.some((row) => row.status !== 'pending')) throw seriesChangedMeanwhile(occurrences);
  if (occurrences.some((row) => row.requestExpiresAt && row.requestExpiresAt <= now))
    throw conflict('This booking request has expired and can no longer be accepted.');
  if (!series.stripePaymentIntentId) throw conflict('This booking request has no payment to capture.');
  const claimed = await db
    .transaction(async (tx) => {
      const rows = await tx
        .update(bookings)
        .set({ acceptingAt: now })
        .where(
          and(
            eq(bookings.seriesId, series.id),
            eq(bookings.status, 'pending'),
            isNull(bookings.acceptingAt),
            or(isNull(bookings.requestExpiresAt), gt(bookings.requestExpiresAt, now)),
          ),
        )
        .returning();
      if (rows.length !== occurrences.length) throw new SeriesMovedMeanwhile();
      return rows;
    })
    .catch((error: unknown) => {
      if (error instanceof SeriesMovedMeanwhile) return null;
      throw error;
    });
  if (!claimed) throw seriesChangedMeanwhile(await seriesOccurrences(db, series.id));

  const captured = await payments
    .capturePaymentIntent(series.stripePaymentIntentId, `capture-series-${series.id}-${now.getTime()}`)
    .catch(() => null);
  let intent: PaymentIntentInfo | null = captured;
  if (captured?.status !== 'succeeded') {
    try {
      intent = await payments.retrievePaymentIntent(series.stripePaymentIntentId);
    } catch {
      throw new HttpError(
        503,
        'The payment provider could not be reached. The request is being accepted; please check again in a few minutes.',
      );
    }
  }
  const { outcome, occurrences: finished } = await finishSeriesClaim(db, payments, series, now, intent);
  const answered = (await seriesOccurrences(db, series.id)).find((row) => row.id === bookingId)!;
  if (outcome === 'confirmed' && (finished.length > 0 || answered.status === 'confirmed')) return toBooking(answered, space);
  if (finished.length === 0) throw seriesChangedMeanwhile(await seriesOccurrences(db, series.id));
  if (outcome === 'pending') throw paymentRequired('The payment could not be captured. The request is still pending; please try again.');
  throw paymentRequired(
    "The payment could not be captured: the card's authorisation is no longer valid. The request has been declined and nothing was charged.",
  );
}

/**
 * PUT /api/bookings/{id}/accept and /decline: the space's owner answers a request; an occurrence's
 * answer is its whole series' (one request for the series, docs/decisions/026-booking-series.md).
 * @returns the booking `id` as it is now
 * @throws HttpError 403 not the owner, 404 unknown booking, 409 not pending, 402 capture failed, 503 provider unreachable
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
  if (!booking.seriesId)
    return answer === 'accept' ? acceptBookingRequest(db, payments, id, userId, now) : declineBookingRequest(db, payments, id, userId);
  if (space.ownerId !== userId) throw forbidden('Only the owner of this space can answer its booking requests.');
  const series = (await findSeries(db, booking.seriesId))!;
  if (answer === 'accept') return acceptSeriesRequest(db, payments, series, space, id, now);
  const occurrences = await seriesOccurrences(db, series.id);
  const declined = await db
    .transaction(async (tx) => {
      const moved = await moveBookings(tx, { seriesId: series.id }, 'pending', 'decline', { requestExpiresAt: null });
      if (moved.length !== occurrences.length) throw new SeriesMovedMeanwhile();
      await tellSeriesStep(tx, 'declined', moved);
      return moved;
    })
    .catch((error: unknown) => {
      if (error instanceof SeriesMovedMeanwhile) return null;
      throw error;
    });
  if (!declined) throw seriesChangedMeanwhile(await seriesOccurrences(db, series.id));
  await settleSeriesMoney(db, payments, series.id, now).catch(() => undefined);
  return toBooking(
    declined.find((row) => row.id === id)!,
    space,
  );
}

/**
 * Expires a series request whose answer deadline has passed (every occurrence pending, unclaimed,
 * past `request_expires_at`) and gives its money back; a series in any other state is left alone.
 * @returns whether this call expired it
 */
export async function expireSeriesRequest(
  db: Database,
  payments: PaymentProvider | null,
  seriesId: string,
  now = new Date(),
): Promise<boolean> {
  const occurrences = await seriesOccurrences(db, seriesId);
  const due =
    occurrences.length > 0 &&
    occurrences.every((row) => row.status === 'pending' && !row.acceptingAt && row.requestExpiresAt && row.requestExpiresAt <= now);
  let expired = false;
  if (due) {
    expired = await db
      .transaction(async (tx) => {
        const moved = await moveBookings(tx, { seriesId: seriesId }, 'pending', 'expire', { requestExpiresAt: null });
        if (moved.length !== occurrences.length) throw new SeriesMovedMeanwhile();
        await tellSeriesStep(tx, 'request_expired', moved, now);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof SeriesMovedMeanwhile) return false;
        throw error;
      });
  }
  if (payments) await settleSeriesMoney(db, payments, seriesId, now);
  return expired;
}

/**
 * DELETE /api/bookings/{id}/hold: the renter gives up an unpaid hold; an occurrence's hold is its
 * whole series' (`releaseSeriesHold`), any other booking's `releaseHold`.
 * @throws HttpError as those
 */
export async function releaseAnyHold(db: Database, payments: PaymentProvider, id: string, userId: string): Promise<void> {
  const [booking] = await db.select({ seriesId: bookings.seriesId }).from(bookings).where(eq(bookings.id, id)).limit(1);
  const series = booking?.seriesId ? await findSeries(db, booking.seriesId) : null;
  if (!series) return releaseHold(db, payments, id, userId);
  return releaseSeriesHold(db, payments, series, userId);
}

/** The occurrences "the rest of the series" means at `now`: confirmed and not ended. */
const remaining = (occurrences: readonly BookingRow[], now: Date) =>
  occurrences.filter((row) => row.status === 'confirmed' && row.endAt > now);

/** What cancelling each remaining occurrence refunds, by its own tier and start. */
async function decideRest(db: Database, rest: readonly BookingRow[], space: SpaceRow, cancelledBy: CancelledBy, now: Date) {
  const ids = rest.map((row) => row.id);
  const decisions = [];
  for (const row of rest) decisions.push({ row, decision: await decideCancellation(db, row, space, cancelledBy, now, ids) });
  return decisions;
}

/**
 * GET /api/booking-series/{id}/cancellation: what cancelling the rest of the series (its confirmed
 * occurrences that have not ended) would refund now, each by its own tier, and why.
 * @throws HttpError 403 neither renter nor owner, 404 unknown series, 409 nothing left to cancel
 */
export async function quoteSeriesCancellation(db: Database, id: string, userId: string, now = new Date()): Promise<CancellationQuote> {
  const { series, space } = await requireSeriesWithSpace(db, id);
  const cancelledBy = cancellingParty(series, space, userId);
  const rest = remaining(await seriesOccurrences(db, id), now);
  if (rest.length === 0) throw conflict('Nothing is left to cancel in this booking series.');
  const decisions = await decideRest(db, rest, space, cancelledBy, now);
  const totalCents = rest.reduce((sum, row) => sum + toCents(row.totalPrice), 0);
  const refundCents = decisions.reduce((sum, { decision }) => sum + decision.refundCents, 0);
  const keptFeeCents = decisions.reduce((sum, { decision }) => sum + decision.keptFeeCents, 0);
  return {
    refundAmount: fromCents(refundCents),
    totalPrice: fromCents(totalCents),
    cancellationPolicyTier: rest[0]!.cancellationPolicyTier,
    keptFeeAmount: fromCents(keptFeeCents),
    reason: seriesCancellationReason({
      tier: rest[0]!.cancellationPolicyTier,
      count: rest.length,
      totalCents,
      refundCents,
      keptFeeCents,
      cancelledBy,
    }),
  };
}

/**
 * PUT /api/booking-series/{id}/cancel: the renter (each occurrence refunded by its tier) or the
 * owner (in full) cancels the rest of the series, its confirmed occurrences that have not ended,
 * all at once: their dates are free at once and their refunds go out as one refund of the series'
 * payment (`settleSeriesMoney`).
 * @throws HttpError 403 neither renter nor owner, 404 unknown series, 409 nothing left to cancel or changed meanwhile
 */
export async function cancelSeriesRest(
  db: Database,
  payments: PaymentProvider,
  id: string,
  userId: string,
  now = new Date(),
): Promise<BookingSeries> {
  const { series, space } = await requireSeriesWithSpace(db, id);
  const cancelledBy = cancellingParty(series, space, userId);
  const rest = remaining(await seriesOccurrences(db, id), now);
  if (rest.length === 0) throw conflict('Nothing is left to cancel in this booking series.');
  const decisions = await decideRest(db, rest, space, cancelledBy, now);
  const cancelled = await db
    .transaction(async (tx) => {
      const moved: BookingRow[] = [];
      for (const { row, decision } of decisions) {
        const done = await moveBooking(tx, row.id, 'confirmed', 'cancel', {
          refundAmount: cancellationRefundAmount(decision.refundCents),
          feeRetained: decision.keptFeeCents > 0,
          cancelledBy,
          cancelledAt: now,
        });
        if (!done) throw new SeriesMovedMeanwhile();
        moved.push(done);
      }
      await tellSeriesStep(tx, 'cancelled', moved, now);
      return moved;
    })
    .catch((error: unknown) => {
      if (error instanceof SeriesMovedMeanwhile) return null;
      throw error;
    });
  if (!cancelled) throw conflict(CHANGED_MEANWHILE);
  if (decisions.some(({ decision }) => decision.refundCents > 0)) {
    // A refund that fails here, or waits for another settler, is made by the reconciliation job.
    await settleSeriesMoney(db, payments, id, now).catch(() => undefined);
  }
  return toSeries((await findSeries(db, id))!, await seriesOccurrences(db, id), space);
}
