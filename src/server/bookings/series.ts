/**
 * A recurring series as its renter and owner see it (docs/decisions/026-booking-series.md): one
 * payment of several bookings. Its money moves as any payment's (checkout, owner answers, expiry,
 * cancellation, settlement); this module reads a series and cancels the rest of it through the one
 * cancellation path.
 */
import { asc, eq } from 'drizzle-orm';
import { fromCents, toCents } from '../../shared/money';
import type { BookingSeries } from '../../shared/schemas/booking-series';
import type { CancellationQuote } from '../../shared/schemas/bookings';
import type { Database } from '../db/client';
import { bookings, bookingSeries, medicalSpaces, payments } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import type { PaymentProvider } from '../payments/provider';
import { toBooking, type BookingRow, type SpaceRow } from './booking-row';
import { cancelBookings, cancellingParty, quoteCancellationOf, type CancellationRequest } from './cancellation';

/** A series row as the database holds it, with its payment's status, what was refunded of it and its dispute. */
export type SeriesRow = typeof bookingSeries.$inferSelect &
  Pick<typeof payments.$inferSelect, 'amountRefunded' | 'disputeStatus'> & { paymentStatus: PaymentStatus };
type PaymentStatus = (typeof payments.$inferSelect)['status'];

/** The series `id` with its payment, or null. */
export async function findSeries(db: Database, id: string): Promise<SeriesRow | null> {
  const [row] = await db
    .select({
      series: bookingSeries,
      paymentStatus: payments.status,
      amountRefunded: payments.amountRefunded,
      disputeStatus: payments.disputeStatus,
    })
    .from(bookingSeries)
    .innerJoin(payments, eq(payments.id, bookingSeries.id))
    .where(eq(bookingSeries.id, id))
    .limit(1);
  return row
    ? { ...row.series, paymentStatus: row.paymentStatus, amountRefunded: row.amountRefunded, disputeStatus: row.disputeStatus }
    : null;
}

/** The occurrences of series `seriesId`, earliest first. */
export function seriesOccurrences(db: Database, seriesId: string): Promise<BookingRow[]> {
  return db.select().from(bookings).where(eq(bookings.seriesId, seriesId)).orderBy(asc(bookings.startAt), asc(bookings.id));
}

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
    occurrences: occurrences.map((row) => toBooking(row, { stripePaymentIntentId: null, disputeStatus: series.disputeStatus }, space)),
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

/** The cancellation of the rest of series `id` asked by `userId`. @throws HttpError 403 neither renter nor owner, 404 unknown series, 409 nothing left to cancel */
async function restOfSeries(db: Database, id: string, userId: string, now: Date): Promise<CancellationRequest & { series: SeriesRow }> {
  const { series, space } = await requireSeriesWithSpace(db, id);
  const cancelledBy = cancellingParty(series, space, userId);
  const rows = remaining(await seriesOccurrences(db, id), now);
  if (rows.length === 0) throw conflict('Nothing is left to cancel in this booking series.');
  return { series, rows, space, cancelledBy, rest: true };
}

/**
 * GET /api/booking-series/{id}/cancellation: what cancelling the rest of the series (its confirmed
 * occurrences that have not ended) would refund now, each by its own tier, and why.
 * @throws HttpError 403 neither renter nor owner, 404 unknown series, 409 nothing left to cancel
 */
export async function quoteSeriesCancellation(db: Database, id: string, userId: string, now = new Date()): Promise<CancellationQuote> {
  return quoteCancellationOf(db, await restOfSeries(db, id, userId, now), now);
}

/**
 * PUT /api/booking-series/{id}/cancel: the renter (each occurrence refunded by its tier) or the
 * owner (in full) cancels the rest of the series, its confirmed occurrences that have not ended,
 * all at once, as one cancellation (`cancelBookings`): their dates are free at once and their
 * refunds go out as one refund of the series' payment.
 * @throws HttpError 403 neither renter nor owner, 404 unknown series, 409 nothing left to cancel or changed meanwhile
 */
export async function cancelSeriesRest(
  db: Database,
  payments: PaymentProvider,
  id: string,
  userId: string,
  now = new Date(),
): Promise<BookingSeries> {
  const request = await restOfSeries(db, id, userId, now);
  await cancelBookings(db, payments, request, now);
  return toSeries((await findSeries(db, id))!, await seriesOccurrences(db, id), request.space);
}
