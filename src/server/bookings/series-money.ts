/**
 * The money of a recurring series (docs/decisions/026-booking-series.md): its occurrences are
 * ordinary booking rows moved together (`moveBookings` of ./booking-writer.ts), and its one payment is the
 * series' (`booking_series`). {@link settleSeriesMoney} is the one place that gives any of that
 * payment back, one caller at a time: the refunds decided when occurrences were cancelled, or the
 * whole payment of a series that is not going ahead. Amounts refunded are read back from the
 * provider, never from our own arithmetic, and never exceed what was paid.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { fromCents, toCents } from '../../shared/money';
import { refundTransition } from '../../shared/payment-lifecycle';
import type { Database } from '../db/client';
import { bookings, bookingSeries } from '../db/schema';
import { movePayment } from '../payments/payment-writer';
import type { PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import type { BookingRow } from './booking-row';
import { afterRefund, releasePayment } from './money-back';

/** A series row as the database holds it. */
export type SeriesRow = typeof bookingSeries.$inferSelect;

const MINUTE_MS = 60 * 1000;

/** How long a settler's claim on a series stands before another caller may take it over (a crash). */
export const SETTLING_CLAIM_STALE_MS = 5 * MINUTE_MS;

/** The series `id`, or null. */
export async function findSeries(db: Database, id: string): Promise<SeriesRow | null> {
  const [row] = await db.select().from(bookingSeries).where(eq(bookingSeries.id, id)).limit(1);
  return row ?? null;
}

/** The series a payment intent pays for, or null. */
export async function seriesOfIntent(db: Database, intentId: string): Promise<SeriesRow | null> {
  const [row] = await db.select().from(bookingSeries).where(eq(bookingSeries.stripePaymentIntentId, intentId)).limit(1);
  return row ?? null;
}

/** The occurrences of series `seriesId`, earliest first. */
export function seriesOccurrences(db: Database, seriesId: string): Promise<BookingRow[]> {
  return db.select().from(bookings).where(eq(bookings.seriesId, seriesId)).orderBy(asc(bookings.startAt), asc(bookings.id));
}

/** A whole-series move or claim that found fewer occurrences than it needed: thrown to roll its transaction back. */
export class SeriesMovedMeanwhile extends Error {}

/** Whether any occurrence of a series went ahead (was confirmed, or cancelled after it was). */
const wentAhead = (occurrences: readonly BookingRow[]) =>
  occurrences.some((row) => row.status === 'confirmed' || row.status === 'cancelled');

/** Whether a series is not going ahead and its money is all to give back: every occurrence expired or declined. */
const isNotGoingAhead = (occurrences: readonly BookingRow[]) =>
  occurrences.length > 0 && occurrences.every((row) => row.status === 'expired' || row.status === 'declined');

/**
 * What is to be given back of an occurrence in all, cents: the refund decided at its cancellation
 * or by an operator's refund from the console (a confirmed occurrence refunded in part), never
 * less than what it already had back. Only a confirmed or cancelled occurrence has one.
 */
export function decidedRefundCents(row: Pick<BookingRow, 'status' | 'refundAmount' | 'amountRefunded'>): number {
  if (row.status !== 'cancelled' && row.status !== 'confirmed') return 0;
  return Math.max(toCents(row.refundAmount ?? '0'), toCents(row.amountRefunded));
}

/** What has been decided but not yet given back of an occurrence, cents. */
export const refundDueCents = (row: Pick<BookingRow, 'status' | 'refundAmount' | 'amountRefunded'>) =>
  decidedRefundCents(row) - toCents(row.amountRefunded);

/**
 * The `refund_amount` a cancellation of a booking records when its policy decides `policyCents`:
 * never less than a refund an operator decided for it before (a series occurrence refunded in part
 * from the console, docs/decisions/031-console-refunds-and-booking-history.md), read from the row
 * as the cancelling UPDATE finds it, so a console refund committed meanwhile is not lost.
 */
export const cancellationRefundAmount = (policyCents: number) =>
  sql<string>`greatest(${bookings.refundAmount}, ${fromCents(policyCents)}::numeric)`;

/** Occurrences whose decided refund the provider has not made yet (cancelled ones, or confirmed ones refunded in part from the console). */
const refundsPending = (occurrences: readonly BookingRow[]) => occurrences.filter((row) => refundDueCents(row) > 0);

/** What {@link settleSeriesMoney} did. */
export type SeriesSettlement = 'settled' | 'nothing_due' | 'busy';

/**
 * Gives back what is due of a series' payment, as the one settler of that series: claims the
 * series (`settling_at`; a claim older than {@link SETTLING_CLAIM_STALE_MS} is taken over), then
 * - a series not going ahead (every occurrence expired or declined): a paid payment is refunded in
 *   full (key `release-series-<id>`), an authorised or unpaid one cancelled (`release-card-series-<id>`);
 * - otherwise, the refunds decided for its occurrences (at their cancellation, or by an operator's
 *   refund of a confirmed one in part: {@link decidedRefundCents}): their sum, at most what was paid,
 *   less what the provider has already refunded, in one refund keyed by that sum
 *   (`series-<id>-refunds-<cents>`), so two settlers asking for the same total make one refund.
 * Then records what the provider says it has refunded. It repeats while a cancellation committed
 * meanwhile leaves more due, a few times; what remains is the reconciliation job's.
 * @returns `busy` when another settler holds the series, else whether anything was due
 * @throws Error when the provider fails (nothing is recorded as refunded that was not)
 */
export async function settleSeriesMoney(
  db: Database,
  payments: PaymentProvider,
  seriesId: string,
  now = new Date(),
): Promise<SeriesSettlement> {
  const [claimed] = await db
    .update(bookingSeries)
    .set({ settlingAt: now })
    .where(
      and(
        eq(bookingSeries.id, seriesId),
        or(isNull(bookingSeries.settlingAt), lte(bookingSeries.settlingAt, new Date(now.getTime() - SETTLING_CLAIM_STALE_MS))),
      ),
    )
    .returning();
  if (!claimed) return 'busy';
  let outcome: SeriesSettlement = 'nothing_due';
  try {
    for (let round = 0; round < 3; round++) {
      const done = await settleOnce(db, payments, claimed);
      if (!done) break;
      outcome = 'settled';
    }
  } finally {
    await db
      .update(bookingSeries)
      .set({ settlingAt: null })
      .where(and(eq(bookingSeries.id, seriesId), eq(bookingSeries.settlingAt, now)));
  }
  return outcome;
}

/** One pass of {@link settleSeriesMoney}: whether it gave anything back. */
async function settleOnce(db: Database, payments: PaymentProvider, series: SeriesRow): Promise<boolean> {
  if (!series.stripePaymentIntentId) return false;
  const occurrences = await seriesOccurrences(db, series.id);
  if (isNotGoingAhead(occurrences) && !wentAhead(occurrences)) return releaseSeries(db, payments, series);
  const pending = refundsPending(occurrences);
  if (pending.length === 0) return false;
  const intent = await payments.retrievePaymentIntent(series.stripePaymentIntentId);
  if (!intent || intent.status !== 'succeeded') return false;
  const decided = occurrences.reduce((sum, row) => sum + decidedRefundCents(row), 0);
  const target = Math.min(decided, intent.amount);
  let after: PaymentIntentInfo = intent;
  if (target > intent.amountRefunded) {
    const due = target - intent.amountRefunded;
    // A kept first-booking fee stays with the platform (docs/decisions/008-first-booking-fee-on-cancellation.md),
    // as long as what is left of the payment besides the fee covers the refund.
    const keepFee =
      pending.every((row) => row.feeRetained) && due <= intent.amount - toCents(series.platformFeeAmount) - intent.amountRefunded;
    await payments.refundPaymentIntent(intent.id, {
      amount: due,
      idempotencyKey: `series-${series.id}-refunds-${target}`,
      keepApplicationFee: keepFee,
    });
    after = await afterRefund(payments, intent);
  }
  if (after.amountRefunded < target) throw new Error(`The provider refunded less than due on series ${series.id}.`);
  await db.transaction(async (tx) => {
    for (const row of pending) {
      const refund = decidedRefundCents(row);
      await movePayment(tx, { bookingId: row.id }, refundTransition(refund, toCents(row.totalPrice)), {
        refundedAt: new Date(),
        amountRefunded: fromCents(refund),
      });
    }
    await movePayment(tx, { seriesId: series.id, occurrences: false }, refundTransition(after.amountRefunded, after.amount), {
      amountRefunded: fromCents(after.amountRefunded),
    });
  });
  return true;
}

/** Gives back the whole payment of a series that is not going ahead (see {@link settleSeriesMoney}). */
async function releaseSeries(db: Database, payments: PaymentProvider, series: SeriesRow): Promise<boolean> {
  // Given back already (or released): nothing is left. A payment not yet known as made ('none') is asked about all the same.
  if (series.paymentStatus === 'canceled' || series.paymentStatus === 'refunded') return false;
  const current = await payments.retrievePaymentIntent(series.stripePaymentIntentId!);
  if (!current) return false;
  if (current.status === 'succeeded') {
    let after = current;
    if (current.amountRefunded < current.amount) {
      await payments.refundPaymentIntent(current.id, {
        amount: current.amount - current.amountRefunded,
        idempotencyKey: `release-series-${series.id}`,
      });
      after = await afterRefund(payments, current);
    }
    await movePayment(db, { seriesId: series.id }, 'refund_all', { amountRefunded: fromCents(after.amountRefunded) });
    await db
      .update(bookings)
      .set({ refundedAt: new Date() })
      .where(and(eq(bookings.seriesId, series.id), isNull(bookings.refundedAt)));
    return true;
  }
  if (current.status !== 'canceled') await payments.cancelPaymentIntent(current.id, `release-card-series-${series.id}`);
  await movePayment(db, { seriesId: series.id }, 'release');
  return true;
}

/**
 * The series whose money {@link settleSeriesMoney} has to settle (the reconciliation job's list):
 * an occurrence's decided refund not yet made, or a series not going ahead whose payment was not
 * given back. At most `limit`.
 */
export async function seriesWithMoneyDue(db: Database, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: bookingSeries.id })
    .from(bookingSeries)
    .where(
      or(
        // An occurrence with a refund decided but not yet made (as refundDueCents says).
        sql`exists (select 1 from ${bookings} b where b.series_id = ${bookingSeries.id} and b.status in ('cancelled', 'confirmed')
          and b.refund_amount is not null and b.refund_amount > b.amount_refunded)`,
        and(
          inArray(bookingSeries.paymentStatus, ['none', 'requires_payment', 'authorized', 'paid']),
          isNotNull(bookingSeries.stripePaymentIntentId),
          sql`not exists (select 1 from ${bookings} b where b.series_id = ${bookingSeries.id} and b.status not in ('expired', 'declined'))`,
        ),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Gives back the money of bookings that are not going ahead (declined or expired), through their
 * payment's settler: a series' {@link settleSeriesMoney}, a single booking's `releasePayment`
 * (`intent`: the payment as the provider last told it, if known).
 * @throws Error when the provider fails (the reconciliation job retries)
 */
export async function giveBackMoney(
  db: Database,
  payments: PaymentProvider,
  moved: readonly BookingRow[],
  intent?: PaymentIntentInfo | null,
): Promise<void> {
  const [first] = moved;
  if (!first) return;
  if (first.seriesId) await settleSeriesMoney(db, payments, first.seriesId);
  else await releasePayment(db, payments, first, intent);
}
