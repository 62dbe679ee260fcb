/**
 * Payments as stored (docs/decisions/027-receipts-and-agreements.md, 035-one-payment-model.md): one
 * shape (`StoredPayment`, src/shared/schemas/paperwork.ts) built from a `payments` row and the
 * bookings it pays for, one booking or every occurrence of a series (docs/decisions/026-booking-series.md),
 * read from the stored amounts, never recomputed. The payout statement and the receipt read one
 * payment through `bookingPapers` (./agreement-acceptance.ts); the owner's earnings
 * (src/server/earnings/) read many at once through {@link ownerStoredPayments}. Both build them here.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { toCents } from '../../shared/money';
import { PAID_PAYMENT_STATUSES } from '../../shared/paper-links';
import type { StoredPayment } from '../../shared/schemas/paperwork';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, payments } from '../db/schema';

type PaymentStatus = (typeof payments.$inferSelect)['status'];

/** The columns of a booking a stored payment reads (one occurrence of it). */
export const occurrenceColumns = {
  bookingId: bookings.id,
  seriesId: bookings.seriesId,
  startAt: bookings.startAt,
  endAt: bookings.endAt,
  status: bookings.status,
  units: bookings.units,
  totalPrice: bookings.totalPrice,
  amountRefunded: bookings.amountRefunded,
  refundedAt: bookings.refundedAt,
};
type BookingColumns = typeof bookings.$inferSelect;
export type OccurrenceRow = { [K in keyof typeof occurrenceColumns]: BookingColumns[K extends 'bookingId' ? 'id' : K] };

/** The columns of the payment itself. */
export const paymentColumns = {
  amount: payments.amount,
  platformFeeAmount: payments.platformFeeAmount,
  amountRefunded: payments.amountRefunded,
  amountRefundedFeeKept: payments.amountRefundedFeeKept,
  paidAt: payments.paidAt,
  cardBrand: payments.cardBrand,
  cardLast4: payments.cardLast4,
};
export type PaymentColumnsRow = { [K in keyof typeof paymentColumns]: (typeof payments.$inferSelect)[K] };

/** A payment as stored, from its row and the bookings it pays for (earliest first, at least one). */
export function storedPayment(payment: PaymentColumnsRow, occurrences: readonly OccurrenceRow[]): StoredPayment {
  return {
    totalCents: toCents(payment.amount),
    platformFeeCents: toCents(payment.platformFeeAmount),
    amountRefundedCents: toCents(payment.amountRefunded),
    amountRefundedFeeKeptCents: toCents(payment.amountRefundedFeeKept),
    paidAt: payment.paidAt?.toISOString() ?? null,
    card: payment.cardBrand && payment.cardLast4 ? { brand: payment.cardBrand, last4: payment.cardLast4 } : null,
    occurrences: occurrences.map((row) => ({
      bookingId: row.bookingId,
      startAt: row.startAt.toISOString(),
      endAt: row.endAt.toISOString(),
      status: row.status,
      units: row.units,
      totalCents: toCents(row.totalPrice),
      amountRefundedCents: toCents(row.amountRefunded),
      refundedAt: row.refundedAt?.toISOString() ?? null,
    })),
    series: occurrences.some((row) => row.seriesId !== null),
  };
}

/** The bookings of payment `paymentId` as a stored payment reads them, earliest first. */
export function paymentOccurrences(db: Database, paymentId: string): Promise<OccurrenceRow[]> {
  return db
    .select(occurrenceColumns)
    .from(bookings)
    .where(eq(bookings.paymentId, paymentId))
    .orderBy(asc(bookings.startAt), asc(bookings.id));
}

/** A payment of an owner's space, with the space it is for. */
export interface OwnerStoredPayment {
  paymentId: string;
  spaceId: string;
  /** The series, or null for a single booking (then `bookingId` is its one occurrence). */
  seriesId: string | null;
  renterId: string;
  payment: StoredPayment;
}

/**
 * Every payment that took money (paid, or refunded since: `PAID_PAYMENT_STATUSES`) for the spaces
 * of `ownerId`, single bookings and series alike, each with all its bookings, earliest first. One query.
 */
export async function ownerStoredPayments(db: Database, ownerId: string): Promise<OwnerStoredPayment[]> {
  const rows = await db
    .select({
      occurrence: occurrenceColumns,
      payment: paymentColumns,
      paymentId: payments.id,
      spaceId: bookings.spaceId,
      renterId: bookings.renterId,
    })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .where(and(eq(medicalSpaces.ownerId, ownerId), inArray(payments.status, [...PAID_PAYMENT_STATUSES] as PaymentStatus[])))
    .orderBy(asc(bookings.startAt), asc(bookings.id));
  const byPayment = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = byPayment.get(row.paymentId) ?? [];
    list.push(row);
    byPayment.set(row.paymentId, list);
  }
  return [...byPayment.values()].map((list) => {
    const first = list[0]!;
    return {
      paymentId: first.paymentId,
      spaceId: first.spaceId,
      seriesId: first.occurrence.seriesId,
      renterId: first.renterId,
      payment: storedPayment(
        first.payment,
        list.map((row) => row.occurrence),
      ),
    };
  });
}
