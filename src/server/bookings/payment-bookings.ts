/**
 * A payment and the bookings it pays for (docs/decisions/035-one-payment-model.md): one booking, or
 * a series' occurrences, found by `bookings.payment_id`. Operations on a request or a hold move all
 * of a payment's bookings or none ({@link moveWholePayment}).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { fromCents, toCents } from '../../shared/money';
import type { Database } from '../db/client';
import { bookings, bookingSeries, payments } from '../db/schema';
import { repriceUnpaidPayment } from '../payments/payment-writer';
import type { BookingRow } from './booking-row';
import { moveBookings } from './booking-writer';

/** A payment row as the database holds it. */
export type PaymentRow = typeof payments.$inferSelect;

/** A move that found fewer of a payment's bookings than it needed: thrown to roll its transaction back. */
class PaymentMovedMeanwhile extends Error {}

/** The bookings a payment pays for, earliest first. */
export function bookingsOfPayment(db: Database, paymentId: string): Promise<BookingRow[]> {
  return db.select().from(bookings).where(eq(bookings.paymentId, paymentId)).orderBy(asc(bookings.startAt), asc(bookings.id));
}

/** The payment a booking is paid by (its own, or its series'). @throws Error for a booking with none (the trigger of migration 0032 sets it) */
export function paymentIdOf(booking: Pick<BookingRow, 'id' | 'paymentId'>): string {
  if (!booking.paymentId) throw new Error(`Booking ${booking.id} has no payment.`);
  return booking.paymentId;
}

/** The payment `id`, or null. */
export async function findPayment(db: Database, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/**
 * Moves every one of the `count` bookings of a payment in one transaction, or none: `move` returns
 * the rows it moved, and fewer than `count` rolls it all back.
 * @returns the moved rows, or null when some had moved meanwhile
 */
export async function moveWholePayment(
  db: Database,
  count: number,
  move: (tx: Database) => Promise<BookingRow[]>,
): Promise<BookingRow[] | null> {
  return db
    .transaction(async (tx) => {
      const moved = await move(tx);
      if (moved.length !== count) throw new PaymentMovedMeanwhile();
      return moved;
    })
    .catch((error: unknown) => {
      if (error instanceof PaymentMovedMeanwhile) return null;
      throw error;
    });
}

/**
 * Takes `bookingIds` out of the unpaid payment `paymentId` of a standing booking's period
 * (docs/decisions/041-standing-bookings.md): each becomes a hold of its own, with a payment of its
 * own that was never charged, and expires; the payment (and its series' totals) then charges the
 * bookings left. Call it in a transaction. A payment under way or paid is left whole.
 * @returns the detached bookings, expired (none when the payment was no longer unpaid)
 */
export async function detachUnpaidBookings(tx: Database, paymentId: string, bookingIds: readonly string[]): Promise<BookingRow[]> {
  if (bookingIds.length === 0) return [];
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
  if (!payment || !['none', 'requires_payment'].includes(payment.status)) return [];
  const rows = await bookingsOfPayment(tx, paymentId);
  const detached = rows.filter((row) => bookingIds.includes(row.id) && row.status === 'awaiting_payment');
  const kept = rows.filter((row) => !detached.includes(row) && row.status === 'awaiting_payment');
  if (detached.length === 0) return [];
  await tx
    .insert(payments)
    .values(detached.map((row) => ({ id: row.id, amount: row.totalPrice, platformFeeAmount: row.platformFeeAmount ?? '0' })));
  const ids = detached.map((row) => row.id);
  // The trigger of migration 0032 points each at its own payment once it has no series.
  await tx.update(bookings).set({ seriesId: null }).where(inArray(bookings.id, ids));
  const keptCents = kept.reduce((sum, row) => sum + toCents(row.totalPrice), 0);
  const keptFeeCents = kept.reduce((sum, row) => sum + toCents(row.platformFeeAmount ?? '0'), 0);
  await repriceUnpaidPayment(tx, paymentId, keptCents, keptFeeCents);
  await tx
    .update(bookingSeries)
    .set({ totalPrice: fromCents(keptCents), platformFeeAmount: fromCents(keptFeeCents) })
    .where(eq(bookingSeries.id, paymentId));
  const expired: BookingRow[] = [];
  for (const id of ids) expired.push(...(await moveBookings(tx, { id }, 'awaiting_payment', 'expire', { holdExpiresAt: null })));
  return expired;
}
