/**
 * What happens to a series after checkout (docs/decisions/026-booking-series.md): the owner answers
 * its one request as a whole, its request expires as a whole, the renter or owner cancels the rest
 * of it, and anyone concerned reads it. A series' money moves only through `series-money.ts`; the
 * owner answers its request, and its hold is released or expires, as any booking's (owner-answers.ts,
 * checkout.ts, expiry.ts).
 */
import { eq } from 'drizzle-orm';
import { seriesCancellationReason, type CancelledBy } from '../../shared/cancellation';
import { fromCents, toCents } from '../../shared/money';
import type { BookingSeries } from '../../shared/schemas/booking-series';
import type { CancellationQuote } from '../../shared/schemas/bookings';
import type { Database } from '../db/client';
import { medicalSpaces } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import type { PaymentProvider } from '../payments/provider';
import { CHANGED_MEANWHILE, toBooking, type BookingRow, type SpaceRow } from './booking-row';
import { moveBooking } from './booking-writer';
import { cancellingParty, decideCancellation } from './cancellation';
import { tellSeriesStep } from './notices';
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
