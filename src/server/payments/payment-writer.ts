/**
 * The one writer of a payment's status (docs/decisions/035-one-payment-model.md): every change of
 * `payments.status`, and of its bookings' shares (`bookings.payment_status`), is a guarded
 * `UPDATE ... WHERE status IN (<allowed>)` that asks the state table of
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
 * - `paymentId`: the payment of that id (`bookings.payment_id`), a single booking's or a series';
 * - `seriesId`: a series' one payment (the `payments` row of the series' id);
 * - `booking`: a single booking's payment, or a series occurrence's own share of its series' payment (the
 *   booking's row, as read or moved: its id, payment and series).
 *
 * A payment's bookings carry their share of it (`bookings.payment_status`, `amount_refunded`,
 * `refunded_at`): a single booking's share is its whole payment and always follows it; a series'
 * occurrences without a refund of their own follow it too, unless `occurrences` is false (a refund
 * of part of a series is some occurrences' own, moved by `booking`).
 */
export type PaymentSelector =
  | { booking: Pick<BookingRow, 'id' | 'paymentId' | 'seriesId'> }
  | { seriesId: string; occurrences?: boolean }
  | { paymentId: string; occurrences?: boolean };

/** What a move did: whether the payment moved, and the booking rows whose share it wrote, as they are now. */
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
  /** When the refund decided for a booking was made (a booking's share only). */
  refundedAt?: Date | null;
}

/**
 * Moves the payment of `select` through `transition`, with `changes`, when its status allows it.
 * What the provider has refunded never goes down: a write of a smaller `amountRefunded` is no move.
 * @returns whether the payment moved (not: it was in a state the table does not allow it from, a
 *   stale or repeated step that changes nothing), with the booking rows whose share it wrote
 * @throws Error for a `refundedAt` of a series' payment (its occurrences carry their own), or an
 *   intent or card for one occurrence's share (they are the series' payment's)
 */
export async function movePayment(
  db: Database,
  select: PaymentSelector,
  transition: PaymentTransition,
  changes: PaymentChanges = {},
): Promise<PaymentMove> {
  const to = paymentStatusAfter(transition);
  const allowed = paymentStatusesAllowing(transition);
  if ('booking' in select) {
    const { id, paymentId, seriesId } = select.booking;
    if (seriesId) return moveOccurrenceShare(db, id, transition, changes);
    // Set on every booking as it is written (migration 0032).
    if (!paymentId) throw new Error(`Booking ${id} has no payment.`);
    return movePayment(db, { paymentId }, transition, changes);
  }
  const paymentId = 'seriesId' in select ? select.seriesId : select.paymentId;
  const { refundedAt, ...paymentChanges } = changes;
  const moved = await db
    .update(payments)
    .set({ ...paymentChanges, status: to })
    .where(
      and(
        eq(payments.id, paymentId),
        inArray(payments.status, allowed),
        changes.amountRefunded === undefined ? undefined : lte(payments.amountRefunded, changes.amountRefunded),
      ),
    )
    .returning({ id: payments.id });
  if (moved.length === 0) return { moved: false, bookings: [] };
  const single = await db
    .update(bookings)
    .set({ paymentStatus: to, amountRefunded: changes.amountRefunded, refundedAt })
    .where(and(eq(bookings.paymentId, paymentId), isNull(bookings.seriesId)))
    .returning();
  if (single.length > 0) return { moved: true, bookings: single };
  if (refundedAt !== undefined) throw new Error('A series payment has no refund time of its own: its occurrences do.');
  if (select.occurrences === false) return { moved: true, bookings: [] };
  const mirrored = await db
    .update(bookings)
    .set({ paymentStatus: to })
    .where(and(eq(bookings.paymentId, paymentId), isNull(bookings.refundedAt), inArray(bookings.paymentStatus, allowed)))
    .returning();
  return { moved: true, bookings: mirrored };
}

/** Moves one series occurrence's own share of its series' payment (its refund), guarded as a payment is. */
async function moveOccurrenceShare(
  db: Database,
  bookingId: string,
  transition: PaymentTransition,
  changes: PaymentChanges,
): Promise<PaymentMove> {
  const { amountRefunded, refundedAt, ...paymentOnly } = changes;
  if (Object.values(paymentOnly).some((value) => value !== undefined)) {
    throw new Error("An occurrence's intent and card are its series' payment's.");
  }
  const moved = await db
    .update(bookings)
    .set({ paymentStatus: paymentStatusAfter(transition), amountRefunded, refundedAt })
    .where(
      and(
        eq(bookings.id, bookingId),
        inArray(bookings.paymentStatus, paymentStatusesAllowing(transition)),
        amountRefunded === undefined ? undefined : lte(bookings.amountRefunded, amountRefunded),
      ),
    )
    .returning();
  return { moved: moved.length > 0, bookings: moved };
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

/**
 * Sets what a payment not yet charged will charge, cents (a standing booking's period that lost
 * occurrences before its charge, docs/decisions/041-standing-bookings.md). Only while the payment
 * is `none` or `requires_payment`: once money moved, its amount is what was charged.
 * @returns whether it was set
 */
export async function repriceUnpaidPayment(db: Database, paymentId: string, amountCents: number, feeCents: number): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ amount: fromCents(amountCents), platformFeeAmount: fromCents(feeCents) })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['none', 'requires_payment'])))
    .returning({ id: payments.id });
  return rows.length > 0;
}
