/**
 * Receipt numbers (docs/decisions/027-receipts-and-agreements.md): one per payment, given the first
 * time its receipt is asked for and kept, unique and sequential per UTC year with no gaps
 * (`CS-2026-000001`, `CS-2026-000002`, ...).
 *
 * Two requests at once cannot take one number, nor give one payment two: the payment's row (the
 * booking or the series) is locked first, so requests for one payment queue and the later finds
 * the receipt the first stored; the year's counter row is then incremented in place (an upsert,
 * which holds its row lock until commit), so requests for different payments queue on it and get
 * consecutive numbers. A transaction that fails gives its number back with its rollback.
 */
import { eq, sql } from 'drizzle-orm';
import { receiptNumber } from '../../shared/receipt';
import type { Database } from '../db/client';
import { bookings, bookingSeries, receiptCounters, receipts } from '../db/schema';

/** A payment's receipt: its number and when it was first issued. */
export interface ReceiptRecord {
  number: string;
  issuedAt: Date;
}

/** The payment a receipt is for: a single booking, or a series. */
export interface ReceiptPayment {
  kind: 'booking' | 'series';
  /** The booking's or the series' id. */
  id: string;
}

const receiptColumns = { year: receipts.year, sequence: receipts.sequence, issuedAt: receipts.issuedAt };

const whereReceiptOf = (payment: ReceiptPayment) =>
  payment.kind === 'series' ? eq(receipts.seriesId, payment.id) : eq(receipts.bookingId, payment.id);

const toRecord = (row: { year: number; sequence: number; issuedAt: Date }): ReceiptRecord => ({
  number: receiptNumber(row.year, row.sequence),
  issuedAt: row.issuedAt,
});

/**
 * The receipt of `payment`: the stored one, or a new one numbered in the UTC year of `now`.
 * @throws Error when the booking or series is not stored
 */
export async function receiptFor(db: Database, payment: ReceiptPayment, now = new Date()): Promise<ReceiptRecord> {
  const [stored] = await db.select(receiptColumns).from(receipts).where(whereReceiptOf(payment)).limit(1);
  if (stored) return toRecord(stored);
  return db.transaction(async (tx) => {
    const locked =
      payment.kind === 'series'
        ? await tx.select({ id: bookingSeries.id }).from(bookingSeries).where(eq(bookingSeries.id, payment.id)).for('update')
        : await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, payment.id)).for('update');
    if (locked.length === 0) throw new Error(`No ${payment.kind} ${payment.id} to give a receipt`);
    const [existing] = await tx.select(receiptColumns).from(receipts).where(whereReceiptOf(payment)).limit(1);
    if (existing) return toRecord(existing);
    const year = now.getUTCFullYear();
    const [counter] = await tx
      .insert(receiptCounters)
      .values({ year, lastNumber: 1 })
      .onConflictDoUpdate({ target: receiptCounters.year, set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` } })
      .returning({ lastNumber: receiptCounters.lastNumber });
    const [created] = await tx
      .insert(receipts)
      .values({
        bookingId: payment.kind === 'booking' ? payment.id : null,
        seriesId: payment.kind === 'series' ? payment.id : null,
        year,
        sequence: counter!.lastNumber,
        issuedAt: now,
      })
      .returning(receiptColumns);
    return toRecord(created!);
  });
}
