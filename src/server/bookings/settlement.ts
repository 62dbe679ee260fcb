/**
 * The one settler of a payment's money (docs/decisions/035-one-payment-model.md): whatever is given
 * back of a payment, one booking's or a series', goes through {@link settleMoney}, one caller at a
 * time. A payment whose bookings are none of them going ahead (every one expired or declined) is
 * given back whole: refunded when it was paid, released when it was only authorised or unpaid.
 * Otherwise the refunds decided for its bookings (at their cancellation, or by an operator from the
 * console) are made as one refund of what is due. Amounts refunded are read back from the provider,
 * never from our own arithmetic, and never exceed what was paid.
 */
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { fromCents, toCents } from '../../shared/money';
import { refundTransition } from '../../shared/payment-lifecycle';
import type { Database } from '../db/client';
import { bookings, payments as paymentsTable } from '../db/schema';
import { addRefundKeepingFee, movePayment } from '../payments/payment-writer';
import type { PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import type { BookingRow } from './booking-row';
import { bookingsOfPayment, type PaymentRow } from './payment-bookings';

const MINUTE_MS = 60 * 1000;

/** How long a settler's claim on a payment stands before another caller may take it over (a crash). */
export const SETTLING_CLAIM_STALE_MS = 5 * MINUTE_MS;

/** The intent read back after a refund we made, for what the provider has refunded (never our own arithmetic); `before` if it no longer knows it. */
export async function afterRefund(payments: PaymentProvider, before: PaymentIntentInfo): Promise<PaymentIntentInfo> {
  return (await payments.retrievePaymentIntent(before.id)) ?? before;
}

/** Whether a payment is not going ahead and its money is all to give back: every booking of it expired or declined. */
const isNotGoingAhead = (rows: readonly BookingRow[]) =>
  rows.length > 0 && rows.every((row) => row.status === 'expired' || row.status === 'declined');

/**
 * What is to be given back of a booking in all, cents: the refund decided at its cancellation or by
 * an operator's refund from the console (a confirmed booking refunded in part), never less than what
 * it already had back. Only a confirmed or cancelled booking has one.
 */
export function decidedRefundCents(row: Pick<BookingRow, 'status' | 'refundAmount' | 'amountRefunded'>): number {
  if (row.status !== 'cancelled' && row.status !== 'confirmed') return 0;
  return Math.max(toCents(row.refundAmount ?? '0'), toCents(row.amountRefunded));
}

/** What has been decided but not yet given back of a booking, cents. */
export const refundDueCents = (row: Pick<BookingRow, 'status' | 'refundAmount' | 'amountRefunded'>) =>
  decidedRefundCents(row) - toCents(row.amountRefunded);

/**
 * The `refund_amount` a cancellation of a booking records when its policy decides `policyCents`:
 * never less than a refund an operator decided for it before (refunded in part from the console,
 * docs/decisions/031-console-refunds-and-booking-history.md), read from the row as the cancelling
 * UPDATE finds it, so a console refund committed meanwhile is not lost.
 */
export const cancellationRefundAmount = (policyCents: number) =>
  sql<string>`greatest(${bookings.refundAmount}, ${fromCents(policyCents)}::numeric)`;

/** What {@link settleMoney} did: gave the whole payment back, made decided refunds, found nothing due, or found another settler at work. */
export type Settlement = 'released' | 'refunded' | 'nothing_due' | 'busy';

/**
 * Gives back what is due of payment `paymentId`, as its one settler: claims the payment
 * (`payments.settling_at`; a claim older than {@link SETTLING_CLAIM_STALE_MS} is taken over), then
 * - a payment not going ahead (every booking expired or declined): a paid payment is refunded in
 *   full (key `release-<payment id>`), an authorised or unpaid one cancelled (`release-card-<payment id>`);
 * - otherwise, the refunds decided for its bookings ({@link decidedRefundCents}): their sum, at most
 *   what was paid, less what the provider has already refunded, in one refund keyed by that sum
 *   (`payment-<id>-refunds-<cents>`), so two settlers asking for the same total make one refund.
 * Then records what the provider says it has refunded. It repeats while a cancellation committed
 * meanwhile leaves more due, a few times; what remains is the reconciliation job's.
 * @throws Error when the provider fails (nothing is recorded as refunded that was not)
 */
export async function settleMoney(db: Database, payments: PaymentProvider, paymentId: string, now = new Date()): Promise<Settlement> {
  const [claimed] = await db
    .update(paymentsTable)
    .set({ settlingAt: now })
    .where(
      and(
        eq(paymentsTable.id, paymentId),
        or(isNull(paymentsTable.settlingAt), lte(paymentsTable.settlingAt, new Date(now.getTime() - SETTLING_CLAIM_STALE_MS))),
      ),
    )
    .returning();
  if (!claimed) return 'busy';
  let outcome: Settlement = 'nothing_due';
  try {
    for (let round = 0; round < 3; round++) {
      const done = await settleOnce(db, payments, claimed, now);
      if (done === 'nothing_due') break;
      outcome = done;
      if (done === 'released') break;
    }
  } finally {
    await db
      .update(paymentsTable)
      .set({ settlingAt: null })
      .where(and(eq(paymentsTable.id, paymentId), eq(paymentsTable.settlingAt, now)));
  }
  return outcome;
}

/** One pass of {@link settleMoney}. */
async function settleOnce(db: Database, payments: PaymentProvider, payment: PaymentRow, now: Date): Promise<Settlement> {
  if (!payment.stripePaymentIntentId) return 'nothing_due';
  const rows = await bookingsOfPayment(db, payment.id);
  if (isNotGoingAhead(rows)) return releasePayment(db, payments, payment, now);
  const pending = rows.filter((row) => refundDueCents(row) > 0);
  if (pending.length === 0) return 'nothing_due';
  const intent = await payments.retrievePaymentIntent(payment.stripePaymentIntentId);
  if (!intent || intent.status !== 'succeeded') return 'nothing_due';
  const decided = rows.reduce((sum, row) => sum + decidedRefundCents(row), 0);
  const target = Math.min(decided, intent.amount);
  // A kept first-booking fee stays with the platform (docs/decisions/008-first-booking-fee-on-cancellation.md),
  // as long as what is left of the payment besides the fee covers the refunds. Decided from the bookings and
  // the target alone, so a settler that finds the refund made but not recorded records it the same way.
  const keepFee = pending.every((row) => row.feeRetained) && target <= intent.amount - toCents(payment.platformFeeAmount);
  let after: PaymentIntentInfo = intent;
  if (target > intent.amountRefunded) {
    const due = target - intent.amountRefunded;
    await payments.refundPaymentIntent(intent.id, {
      amount: due,
      idempotencyKey: `payment-${payment.id}-refunds-${target}`,
      keepApplicationFee: keepFee,
    });
    after = await afterRefund(payments, intent);
  }
  if (after.amountRefunded < target) throw new Error(`The provider refunded less than due on payment ${payment.id}.`);
  await db.transaction(async (tx) => {
    if (keepFee)
      await addRefundKeepingFee(
        tx,
        payment.id,
        pending.reduce((sum, row) => sum + refundDueCents(row), 0),
      );
    for (const row of pending) {
      const refund = decidedRefundCents(row);
      await movePayment(tx, { booking: row }, refundTransition(refund, toCents(row.totalPrice)), {
        refundedAt: now,
        amountRefunded: fromCents(refund),
      });
    }
    await movePayment(tx, { paymentId: payment.id, occurrences: false }, refundTransition(after.amountRefunded, after.amount), {
      amountRefunded: fromCents(after.amountRefunded),
    });
  });
  return 'refunded';
}

/** Gives back the whole of a payment that is not going ahead (see {@link settleMoney}). */
async function releasePayment(db: Database, payments: PaymentProvider, payment: PaymentRow, now: Date): Promise<Settlement> {
  // Given back already (or released): nothing is left. A payment not yet known as made ('none') is asked about all the same.
  if (payment.status === 'canceled' || payment.status === 'refunded') return 'nothing_due';
  const current = await payments.retrievePaymentIntent(payment.stripePaymentIntentId!);
  if (!current) return 'nothing_due';
  if (current.status === 'succeeded') {
    let after = current;
    if (current.amountRefunded < current.amount) {
      await payments.refundPaymentIntent(current.id, {
        amount: current.amount - current.amountRefunded,
        idempotencyKey: `release-${payment.id}`,
      });
      after = await afterRefund(payments, current);
    }
    await movePayment(db, { paymentId: payment.id }, 'refund_all', { amountRefunded: fromCents(after.amountRefunded) });
    await db
      .update(bookings)
      .set({ refundedAt: now })
      .where(and(eq(bookings.paymentId, payment.id), isNull(bookings.refundedAt)));
    return 'released';
  }
  if (current.status !== 'canceled') await payments.cancelPaymentIntent(current.id, `release-card-${payment.id}`);
  await movePayment(db, { paymentId: payment.id }, 'release');
  return 'released';
}

/**
 * The payments whose money {@link settleMoney} has to settle (the reconciliation job's list): a
 * booking's decided refund not yet made, or a payment not going ahead that was not given back.
 * At most `limit`.
 */
export async function paymentsWithMoneyDue(db: Database, limit = 500): Promise<string[]> {
  const refundsDue = await db
    .selectDistinct({ id: bookings.paymentId })
    .from(bookings)
    .where(and(inArray(bookings.status, ['cancelled', 'confirmed']), sql`${bookings.refundAmount} > ${bookings.amountRefunded}`))
    .limit(limit);
  const notGivenBack = await db
    .selectDistinct({ id: bookings.paymentId })
    .from(bookings)
    .innerJoin(paymentsTable, eq(paymentsTable.id, bookings.paymentId))
    .where(
      and(
        inArray(bookings.status, ['expired', 'declined']),
        inArray(paymentsTable.status, ['none', 'requires_payment', 'authorized', 'paid']),
        isNotNull(paymentsTable.stripePaymentIntentId),
        sql`not exists (select 1 from ${bookings} o where o.payment_id = ${bookings.paymentId} and o.status not in ('expired', 'declined'))`,
      ),
    )
    .limit(limit);
  const ids = [...refundsDue, ...notGivenBack].flatMap((row) => (row.id ? [row.id] : []));
  return [...new Set(ids)].slice(0, limit);
}
