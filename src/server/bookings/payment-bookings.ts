/**
 * A payment and the bookings it pays for (docs/decisions/035-one-payment-model.md): one booking, or
 * a series' occurrences, found by `bookings.payment_id`. Operations on a request or a hold move all
 * of a payment's bookings or none ({@link moveWholePayment}).
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings, payments } from '../db/schema';
import type { BookingRow } from './booking-row';

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
