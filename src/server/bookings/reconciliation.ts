/**
 * The reconciliation job (docs/decisions/005-bookings-as-holds.md: no money is ever stranded). One
 * instance at a time across every app process, every minute (the `reconcile-bookings` queue,
 * a singleton on a cron schedule: docs/decisions/023-durable-jobs.md), it:
 * - expires holds that lapsed unpaid and cancels their payment intents;
 * - settles an Accept's claim left standing (a crash or a lost answer between
 *   claim and capture) from what the provider says of the payment: captured
 *   -> confirmed, still authorised -> the claim cleared;
 * - expires requests the owner did not answer in time (and nobody is
 *   accepting) and releases their cards;
 * - through each payment's one settler (`settleMoney`): gives back any payment
 *   whose bookings are not going ahead (expired or declined, including a
 *   payment that succeeded after its hold lapsed), and makes refunds decided
 *   at cancellation or from the console that the provider did not take yet.
 * It never gives back money of a confirmed booking, nor more of a cancelled
 * one than the refund decided for it.
 * Each step is idempotent: a crash half-way is finished by the next run.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import type { PaymentProvider } from '../payments/provider';
import { moveBookings } from './booking-writer';
import { tellEachStep } from './notices';
import { ACCEPT_CLAIM_STALE_MS, finishClaim } from './owner-answers';
import { findPayment, paymentIdOf } from './payment-bookings';
import { paymentsWithMoneyDue, settleMoney } from './settlement';

/** What one run did. */
export interface ReconciliationSummary {
  expiredHolds: number;
  expiredRequests: number;
  /** Stale Accept claims settled from their intent. */
  resolvedClaims: number;
  /** Payments given back whole (their bookings not going ahead). */
  released: number;
  /** Payments whose decided refunds were made. */
  refunded: number;
  failures: number;
}

/**
 * One run of the job.
 * @param onError told about a booking or payment whose money could not be settled this run (it is retried next run)
 */
export async function reconcileBookings(
  db: Database,
  payments: PaymentProvider | null,
  now = new Date(),
  onError: (error: unknown, id: string) => void = () => {},
): Promise<ReconciliationSummary> {
  // Each sweep's moves commit with their notifications.
  const expiredHolds = await db.transaction(async (tx) => {
    const rows = await moveBookings(tx, { lapsedHolds: now }, 'awaiting_payment', 'expire', { holdExpiresAt: null });
    await tellEachStep(tx, 'hold_expired', rows, now);
    return rows;
  });
  let resolvedClaims = 0;
  let claimFailures = 0;
  if (payments) {
    const staleClaims = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.status, 'pending'), lte(bookings.acceptingAt, new Date(now.getTime() - ACCEPT_CLAIM_STALE_MS))))
      .limit(500);
    // A claim is on every booking of a payment at one instant: settle it once, from the payment's intent.
    const claimsSeen = new Set<string>();
    for (const booking of staleClaims) {
      try {
        const paymentId = paymentIdOf(booking);
        if (claimsSeen.has(paymentId)) continue;
        claimsSeen.add(paymentId);
        const payment = await findPayment(db, paymentId);
        const intent = payment?.stripePaymentIntentId ? await payments.retrievePaymentIntent(payment.stripePaymentIntentId) : null;
        await finishClaim(db, payments, paymentId, booking.acceptingAt!, intent);
        resolvedClaims++;
      } catch (error) {
        claimFailures++;
        onError(error, booking.id);
      }
    }
  }
  // A request being accepted (claimed) is left to its claimant.
  const expiredRequests = await db.transaction(async (tx) => {
    const rows = await moveBookings(tx, { lapsedRequests: now }, 'pending', 'expire', { requestExpiresAt: null });
    await tellEachStep(tx, 'request_expired', rows, now);
    return rows;
  });

  const summary: ReconciliationSummary = {
    expiredHolds: expiredHolds.length,
    expiredRequests: expiredRequests.length,
    resolvedClaims,
    released: 0,
    refunded: 0,
    failures: claimFailures,
  };
  if (!payments) return summary;

  // Money to give back, one payment at a time through its one settler: a payment not going ahead
  // (including one that succeeded after its hold lapsed), refunds decided but not yet made.
  for (const paymentId of await paymentsWithMoneyDue(db)) {
    try {
      const settled = await settleMoney(db, payments, paymentId, now);
      if (settled === 'released') summary.released++;
      if (settled === 'refunded') summary.refunded++;
    } catch (error) {
      summary.failures++;
      onError(error, paymentId);
    }
  }
  return summary;
}
