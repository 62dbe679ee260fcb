/**
 * The one writer of a payment's status (docs/decisions/035-one-payment-model.md): every change of
 * `payment_status`, a single booking's, a series' or a series occurrence's share, is a guarded
 * `UPDATE ... WHERE payment_status IN (<allowed>)` that asks the state table of
 * `src/shared/payment-lifecycle.ts`, so a stale event cannot undo a newer state (a full refund read
 * back as partial, a release after a capture). `tests/unit/status-writers.test.ts` fails when another
 * module writes the column.
 */
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { paymentStatusAfter, paymentStatusesAllowing, type PaymentTransition } from '../../shared/payment-lifecycle';
import type { Database } from '../db/client';
import { fromCents } from '../../shared/money';
import { bookings, payments } from '../db/schema';

/** A booking row as the database holds it. */
type BookingRow = typeof bookings.$inferSelect;

/**
 * Whose payment moves:
 * - `bookingId`: a booking's own payment, or a series occurrence's share of its series' payment;
 * - `seriesId`: a series' one payment (the `payments` row of the series' id), mirrored on its
 *   occurrences that have no refund of their own (unless `occurrences` is false: a refund of part of
 *   a series is some occurrences' own);
 * - `paymentId`: the payment of that id (`bookings.payment_id`), a single booking's or a series'
 *   (`occurrences` as for `seriesId`).
 */
export type PaymentSelector =
  { bookingId: string } | { seriesId: string; occurrences?: boolean } | { paymentId: string; occurrences?: boolean };

/** What a move did: whether the payment moved, and the booking rows whose payment status it wrote, as they are now. */
export interface PaymentMove {
  moved: boolean;
  bookings: BookingRow[];
}

/** Columns a move writes beside the status (the intent, what the provider refunded, the card, when refunded). */
export interface PaymentChanges {
  stripePaymentIntentId?: string;
  /** What the provider has refunded, dollars. */
  amountRefunded?: string;
  cardBrand?: string | null;
  cardLast4?: string | null;
  /** When the refund decided for a booking was made (a booking's payment only). */
  refundedAt?: Date | null;
}

/**
 * Moves the payment of `select` through `transition`, with `changes`, when its status allows it.
 * What the provider has refunded never goes down: a write of a smaller `amountRefunded` is no move.
 * @returns whether the payment moved (not: it was in a state the table does not allow it from, a
 *   stale or repeated step that changes nothing), with the booking rows written
 * @throws Error for a `refundedAt` of a series' payment (its occurrences carry their own)
 */
export async function movePayment(
  db: Database,
  select: PaymentSelector,
  transition: PaymentTransition,
  changes: PaymentChanges = {},
): Promise<PaymentMove> {
  if ('paymentId' in select) {
    // A single booking's payment keeps its columns on the booking too, until they move to `payments` alone.
    const [own] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.id, select.paymentId), isNull(bookings.seriesId)));
    const one = own ? { bookingId: own.id } : { seriesId: select.paymentId, occurrences: select.occurrences };
    return movePayment(db, one, transition, changes);
  }
  const to = paymentStatusAfter(transition);
  const allowed = paymentStatusesAllowing(transition);
  if ('bookingId' in select) {
    const moved = await db
      .update(bookings)
      .set({ ...changes, paymentStatus: to })
      .where(
        and(
          eq(bookings.id, select.bookingId),
          inArray(bookings.paymentStatus, allowed),
          changes.amountRefunded === undefined ? undefined : lte(bookings.amountRefunded, changes.amountRefunded),
        ),
      )
      .returning();
    return { moved: moved.length > 0, bookings: moved };
  }
  if (changes.refundedAt !== undefined) throw new Error('A series payment has no refund time of its own: its occurrences do.');
  const moved = await db
    .update(payments)
    .set({ ...changes, status: to })
    .where(
      and(
        eq(payments.id, select.seriesId),
        inArray(payments.status, allowed),
        changes.amountRefunded === undefined ? undefined : lte(payments.amountRefunded, changes.amountRefunded),
      ),
    )
    .returning({ id: payments.id });
  if (moved.length === 0) return { moved: false, bookings: [] };
  if (select.occurrences === false) return { moved: true, bookings: [] };
  const mirrored = await db
    .update(bookings)
    .set({ paymentStatus: to })
    .where(and(eq(bookings.seriesId, select.seriesId), isNull(bookings.refundedAt), inArray(bookings.paymentStatus, allowed)))
    .returning();
  return { moved: true, bookings: mirrored };
}

/**
 * Records that `cents` more of payment `paymentId`'s refunds were made keeping the platform fee
 * (`refund_application_fee: false`; `payments.amount_refunded_fee_kept`), in the transaction that
 * records those refunds.
 */
export async function addRefundKeepingFee(db: Database, paymentId: string, cents: number): Promise<void> {
  if (cents <= 0) return;
  await db
    .update(payments)
    .set({ amountRefundedFeeKept: sql`${payments.amountRefundedFeeKept} + ${fromCents(cents)}::numeric` })
    .where(eq(payments.id, paymentId));
}
