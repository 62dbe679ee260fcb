/**
 * Payments as stored (docs/decisions/027-receipts-and-agreements.md): one shape
 * (`StoredPayment`, src/shared/schemas/paperwork.ts) for a single booking's payment or a series'
 * one payment over every occurrence (docs/decisions/026-booking-series.md), read from the stored
 * amounts, never recomputed. The payout statement and the receipt read one payment through
 * `bookingPapers` (./agreement-acceptance.ts); the owner's earnings (src/server/earnings/) read
 * many at once through {@link ownerStoredPayments}. Both build them here.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { toCents } from '../../shared/money';
import { PAID_PAYMENT_STATUSES } from '../../shared/paper-links';
import type { StoredPayment } from '../../shared/schemas/paperwork';
import type { Database } from '../db/client';
import { bookings, bookingSeries, medicalSpaces, payments } from '../db/schema';

const cents = (amount: string | null) => (amount === null ? 0 : toCents(amount));
/** The card stored with a payment (recorded as it was settled, when the provider said), or null. */
const cardOf = (row: { cardBrand: string | null; cardLast4: string | null }) =>
  row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null;

/** The columns of an occurrence a stored payment reads. */
export const occurrenceColumns = {
  bookingId: bookings.id,
  startAt: bookings.startAt,
  endAt: bookings.endAt,
  status: bookings.status,
  units: bookings.units,
  totalPrice: bookings.totalPrice,
  amountRefunded: bookings.amountRefunded,
  refundedAt: bookings.refundedAt,
};
export type OccurrenceRow = { [K in keyof typeof occurrenceColumns]: (typeof bookings.$inferSelect)[K extends 'bookingId' ? 'id' : K] };

const toOccurrence = (row: OccurrenceRow) => ({
  bookingId: row.bookingId,
  startAt: row.startAt.toISOString(),
  endAt: row.endAt.toISOString(),
  status: row.status,
  units: row.units,
  totalCents: toCents(row.totalPrice),
  amountRefundedCents: toCents(row.amountRefunded),
  refundedAt: row.refundedAt?.toISOString() ?? null,
});

/** The columns of a single booking's own payment (with `payments` joined on `bookings.payment_id`). */
export const singlePaymentColumns = {
  ...occurrenceColumns,
  amountRefundedFeeKept: payments.amountRefundedFeeKept,
  platformFeeAmount: bookings.platformFeeAmount,
  paidAt: bookings.paidAt,
  cardBrand: bookings.cardBrand,
  cardLast4: bookings.cardLast4,
};
export type SinglePaymentRow = OccurrenceRow & {
  amountRefundedFeeKept: string;
  platformFeeAmount: string | null;
  paidAt: Date | null;
  cardBrand: string | null;
  cardLast4: string | null;
};

/** The columns of a series' one payment (with `payments` joined on the series' id). */
export const seriesPaymentColumns = {
  totalPrice: bookingSeries.totalPrice,
  platformFeeAmount: bookingSeries.platformFeeAmount,
  amountRefunded: bookingSeries.amountRefunded,
  amountRefundedFeeKept: payments.amountRefundedFeeKept,
  paymentStatus: bookingSeries.paymentStatus,
  paidAt: bookingSeries.paidAt,
  cardBrand: bookingSeries.cardBrand,
  cardLast4: bookingSeries.cardLast4,
};
export type SeriesPaymentRow = {
  totalPrice: string;
  platformFeeAmount: string;
  amountRefunded: string;
  amountRefundedFeeKept: string;
  paidAt: Date | null;
  cardBrand: string | null;
  cardLast4: string | null;
};

/** A single booking's payment, from its row. */
export function singleStoredPayment(booking: SinglePaymentRow): StoredPayment {
  return {
    totalCents: toCents(booking.totalPrice),
    platformFeeCents: cents(booking.platformFeeAmount),
    amountRefundedCents: toCents(booking.amountRefunded),
    amountRefundedFeeKeptCents: toCents(booking.amountRefundedFeeKept),
    paidAt: booking.paidAt?.toISOString() ?? null,
    card: cardOf(booking),
    occurrences: [toOccurrence(booking)],
    series: false,
  };
}

/** A series' one payment, from its row and its occurrences (earliest first). */
export function seriesStoredPayment(series: SeriesPaymentRow, occurrences: readonly OccurrenceRow[]): StoredPayment {
  return {
    totalCents: toCents(series.totalPrice),
    platformFeeCents: toCents(series.platformFeeAmount),
    amountRefundedCents: toCents(series.amountRefunded),
    amountRefundedFeeKeptCents: toCents(series.amountRefundedFeeKept),
    paidAt: series.paidAt?.toISOString() ?? null,
    card: cardOf(series),
    occurrences: occurrences.map(toOccurrence),
    series: true,
  };
}

/** A payment of an owner's space: a single booking's (`seriesId` null) or a series', with the space it is for. */
export interface OwnerStoredPayment {
  spaceId: string;
  /** The series, or null for a single booking (then `bookingId` is its one occurrence). */
  seriesId: string | null;
  renterId: string;
  payment: StoredPayment;
}

/**
 * Every payment that took money (paid, or refunded since: `PAID_PAYMENT_STATUSES`) for the spaces
 * of `ownerId`, single bookings and series alike, with every occurrence of a series. Three queries,
 * whatever the number of payments.
 */
export async function ownerStoredPayments(db: Database, ownerId: string): Promise<OwnerStoredPayment[]> {
  const paid = [...PAID_PAYMENT_STATUSES] as (typeof bookings.$inferSelect)['paymentStatus'][];
  const singles = await db
    .select({ ...singlePaymentColumns, spaceId: bookings.spaceId, renterId: bookings.renterId })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .where(and(eq(medicalSpaces.ownerId, ownerId), isNull(bookings.seriesId), inArray(bookings.paymentStatus, paid)))
    .orderBy(asc(bookings.startAt), asc(bookings.id));
  const series = await db
    .select({ ...seriesPaymentColumns, id: bookingSeries.id, spaceId: bookingSeries.spaceId, renterId: bookingSeries.renterId })
    .from(bookingSeries)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookingSeries.spaceId))
    .innerJoin(payments, eq(payments.id, bookingSeries.id))
    .where(and(eq(medicalSpaces.ownerId, ownerId), inArray(bookingSeries.paymentStatus, paid)));
  const occurrences =
    series.length === 0
      ? []
      : await db
          .select({ ...occurrenceColumns, seriesId: bookings.seriesId })
          .from(bookings)
          .where(
            inArray(
              bookings.seriesId,
              series.map((s) => s.id),
            ),
          )
          .orderBy(asc(bookings.startAt), asc(bookings.id));
  const bySeries = new Map<string, OccurrenceRow[]>();
  for (const occurrence of occurrences) {
    const list = bySeries.get(occurrence.seriesId!) ?? [];
    list.push(occurrence);
    bySeries.set(occurrence.seriesId!, list);
  }
  return [
    ...singles.map((row) => ({ spaceId: row.spaceId, seriesId: null, renterId: row.renterId, payment: singleStoredPayment(row) })),
    ...series
      .filter((row) => bySeries.has(row.id))
      .map((row) => ({
        spaceId: row.spaceId,
        seriesId: row.id,
        renterId: row.renterId,
        payment: seriesStoredPayment(row, bySeries.get(row.id)!),
      })),
  ];
}
