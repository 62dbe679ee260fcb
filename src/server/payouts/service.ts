/**
 * Owed payouts (docs/decisions/033-owed-payouts.md): a payment charged on the platform because its
 * owner's payout account could not take charges at checkout has one `owner_payouts` row
 * (bookings/checkout.ts `recordOwnerPayout`). Here the row is settled with the provider, one run at a
 * time per row (a claim on `claimed_at`), each provider call under an idempotency key:
 *
 * - `owed` -> `transferred`: once the owner's account can take charges, the payout statement of a
 *   payment that holds money (`owedPayoutStep` in src/shared/owed-payouts.ts) is sent by one transfer,
 *   key `payout-<payment id>` (the booking's id, or the series'). The attempt is recorded before the
 *   provider is called (amount frozen, key, destination), with a `transfer_group` naming the row; a
 *   retry first asks the provider for a transfer of that group, so the payout is never sent twice,
 *   even after the provider has forgotten the key (Stripe: 24 hours) or lost the answer of a call
 *   that made the transfer;
 * - `owed` -> `void`: the payment ended with nothing for the owner;
 * - `transferred`: a later refund takes back from the transfer what the payout statement lost
 *   (`reversalDueCents`), key `payout-<payment id>-reversal-<reversed total in cents>`, so a retry
 *   never reverses twice.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { fromCents, toCents } from '../../shared/money';
import { owedCents, owedPayoutStep, reversalDueCents, type OwedPaymentState } from '../../shared/owed-payouts';
import { payoutFigures } from '../../shared/receipt';
import type { BookingPayout } from '../../shared/schemas/payouts';
import { bookingPapers } from '../bookings/agreement-acceptance';
import { ownerPayoutAccount } from '../bookings/checkout';
import type { Database } from '../db/client';
import { bookings, ownerPayouts, payments as paymentsTable, users } from '../db/schema';
import type { PaymentProvider, TransferInfo } from '../payments/provider';

/** A claim older than this belongs to a run that died: another run takes the row over. */
export const PAYOUT_CLAIM_STALE_MS = 5 * 60 * 1000;

export type OwnerPayoutRow = typeof ownerPayouts.$inferSelect;

/**
 * The stored payment of a payout row, as the rules read it, with its intent, what was refunded
 * (dollars) and the series it pays for (null: a single booking's).
 */
export interface PayoutPayment extends OwedPaymentState {
  paymentIntentId: string | null;
  amountRefunded: string;
  seriesId: string | null;
}

/** The stored payment a payout row is of, or null when its payment is gone (never: records are kept). */
export async function payoutPayment(db: Database, { paymentId }: Pick<OwnerPayoutRow, 'paymentId'>): Promise<PayoutPayment | null> {
  const pending = and(eq(bookings.status, 'cancelled'), isNull(bookings.refundedAt), sql`coalesce(${bookings.refundAmount}, 0) > 0`);
  const [payment] = await db
    .select({ intent: paymentsTable.stripePaymentIntentId, amountRefunded: paymentsTable.amountRefunded })
    .from(paymentsTable)
    .where(eq(paymentsTable.id, paymentId))
    .limit(1);
  const [first] = await db
    .select({ id: bookings.id, seriesId: bookings.seriesId })
    .from(bookings)
    .where(eq(bookings.paymentId, paymentId))
    .limit(1);
  if (!payment || !first) return null;
  const [waiting] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.paymentId, paymentId), pending))
    .limit(1);
  const papers = await bookingPapers(db, first.id);
  if (!papers) return null;
  return {
    payment: papers.payment,
    paymentStatus: papers.paymentStatus,
    refundsPending: Boolean(waiting),
    paymentIntentId: payment.intent,
    amountRefunded: payment.amountRefunded,
    seriesId: first.seriesId,
  };
}

/** Claims a row for one run at `now` (unclaimed, or claimed by a run that died). @returns the row, or null when another run has it */
async function claimPayout(db: Database, id: string, now: Date): Promise<OwnerPayoutRow | null> {
  const [row] = await db
    .update(ownerPayouts)
    .set({ claimedAt: now })
    .where(
      and(
        eq(ownerPayouts.id, id),
        or(isNull(ownerPayouts.claimedAt), lt(ownerPayouts.claimedAt, new Date(now.getTime() - PAYOUT_CLAIM_STALE_MS))),
      ),
    )
    .returning();
  return row ?? null;
}

/** What {@link settleOwnerPayout} did. */
export type PayoutSettlement = 'transferred' | 'reversed' | 'voided' | 'waiting' | 'nothing_due' | 'busy';

/**
 * Settles one payout row with the provider: transfers an owed one (or voids it, or leaves it to
 * wait), or reverses from a transferred one what later refunds took. Another run holding the row
 * answers `busy` and changes nothing. Provider calls run outside any transaction; each update is
 * conditional on the row's status, and the claim is let go at the end.
 * @throws the provider's error when a transfer or reversal fails (the job retries; the keys keep it once)
 */
export async function settleOwnerPayout(
  db: Database,
  payments: PaymentProvider,
  payoutId: string,
  now = new Date(),
): Promise<PayoutSettlement> {
  const row = await claimPayout(db, payoutId, now);
  if (!row) return 'busy';
  try {
    if (row.status === 'owed') return await settleOwed(db, payments, row, now);
    if (row.status === 'transferred') return await settleTransferred(db, payments, row);
    return 'nothing_due';
  } finally {
    await db
      .update(ownerPayouts)
      .set({ claimedAt: null })
      .where(and(eq(ownerPayouts.id, payoutId), eq(ownerPayouts.claimedAt, now)));
  }
}

/** Cents to take back from `transfer` for the payout statement of `payment` as it stands (`reversalDueCents`). */
const reversalDue = (transfer: TransferInfo, payment: PayoutPayment) =>
  reversalDueCents({
    transferredCents: transfer.amount,
    reversedCents: transfer.amountReversed,
    payoutCents: payoutFigures(payment.payment).payoutCents,
  });

/** The provider's `transfer_group` of a payout row's transfer: it names the row. */
export const payoutTransferGroup = (row: Pick<OwnerPayoutRow, 'id'>): string => `owner_payout_${row.id}`;

/**
 * Marks an owed row transferred with the provider's `transfer` (sent to `destination` at `now`). When
 * the transfer is more than the payout statement now says (its amount was frozen before a refund),
 * the refunds are left unsettled, so the reversal is made now or, failing that, by the sweep.
 * @returns the row as updated, or null when it was no longer owed
 */
async function recordTransferred(
  db: Database,
  row: OwnerPayoutRow,
  transfer: TransferInfo,
  destination: string,
  payment: PayoutPayment,
  now: Date,
): Promise<OwnerPayoutRow | null> {
  const [updated] = await db
    .update(ownerPayouts)
    .set({
      status: 'transferred',
      amount: fromCents(transfer.amount),
      reversedAmount: fromCents(transfer.amountReversed),
      destination: transfer.destination || destination,
      stripeTransferId: transfer.id,
      transferredAt: now,
      refundsSettled: reversalDue(transfer, payment) > 0 ? row.refundsSettled : payment.amountRefunded,
    })
    .where(and(eq(ownerPayouts.id, row.id), eq(ownerPayouts.status, 'owed')))
    .returning();
  return updated ?? null;
}

/**
 * Records the transfer attempt of an owed row before the provider is first called: the amount (cents)
 * frozen for every retry, so a retry under the same key asks for the same transfer, the key and the
 * destination. A row attempted before keeps its first attempt.
 * @returns the row with its attempt
 */
async function recordAttempt(db: Database, row: OwnerPayoutRow, cents: number, destination: string, now: Date): Promise<OwnerPayoutRow> {
  if (row.attemptedAt) return row;
  const [updated] = await db
    .update(ownerPayouts)
    .set({ attemptAmount: fromCents(cents), attemptKey: `payout-${row.paymentId}`, attemptedAt: now, destination })
    .where(and(eq(ownerPayouts.id, row.id), eq(ownerPayouts.status, 'owed'), isNull(ownerPayouts.attemptedAt)))
    .returning();
  if (!updated) throw new Error(`Owner payout ${row.id} changed while this run held it`);
  return updated;
}

async function settleOwed(db: Database, payments: PaymentProvider, row: OwnerPayoutRow, now: Date): Promise<PayoutSettlement> {
  const payment = await payoutPayment(db, row);
  if (!payment) return 'waiting';
  // A retry: an earlier call may have made the transfer although its answer never came back.
  if (row.attemptedAt) {
    const made = await payments.findTransfer(payoutTransferGroup(row));
    if (made)
      return afterTransfer(db, payments, await recordTransferred(db, row, made, row.destination ?? '', payment, now), made, payment);
  }
  const step = owedPayoutStep(payment);
  if (step.kind === 'void') {
    await db
      .update(ownerPayouts)
      .set({ status: 'void' })
      .where(and(eq(ownerPayouts.id, row.id), eq(ownerPayouts.status, 'owed')));
    return 'voided';
  }
  if (step.kind === 'wait') return 'waiting';
  const ready = await ownerPayoutAccount(db, row.ownerId);
  if (!ready) return 'waiting';
  const attempt = await recordAttempt(db, row, step.cents, ready, now);
  const destination = attempt.destination ?? ready;
  const intent = payment.paymentIntentId ? await payments.retrievePaymentIntent(payment.paymentIntentId) : null;
  const transfer = await payments.createTransfer({
    amount: toCents(attempt.attemptAmount!),
    destination,
    idempotencyKey: attempt.attemptKey!,
    transferGroup: payoutTransferGroup(row),
    metadata: {
      kind: 'owner_payout',
      ownerId: row.ownerId,
      payoutId: row.id,
      // Named as the payment's intent names it: its series, or its one booking.
      ...(payment.seriesId ? { seriesId: payment.seriesId } : { bookingId: row.paymentId }),
    },
    sourceTransaction: intent?.chargeId ?? null,
  });
  return afterTransfer(db, payments, await recordTransferred(db, row, transfer, destination, payment, now), transfer, payment);
}

/**
 * After a row is recorded transferred: when an amount frozen before a refund sent more than the
 * payout statement now says, the difference is reversed at once (should that fail, the sweep finds
 * the row by its unsettled refunds).
 */
async function afterTransfer(
  db: Database,
  payments: PaymentProvider,
  row: OwnerPayoutRow | null,
  transfer: TransferInfo,
  payment: PayoutPayment,
): Promise<PayoutSettlement> {
  if (row && reversalDue(transfer, payment) > 0) await settleTransferred(db, payments, row);
  return 'transferred';
}

async function settleTransferred(db: Database, payments: PaymentProvider, row: OwnerPayoutRow): Promise<PayoutSettlement> {
  const payment = await payoutPayment(db, row);
  if (!payment || !row.stripeTransferId) return 'nothing_due';
  const reversedCents = toCents(row.reversedAmount);
  const due = reversalDueCents({
    transferredCents: toCents(row.amount),
    reversedCents,
    payoutCents: payoutFigures(payment.payment).payoutCents,
  });
  if (due === 0) {
    await db.update(ownerPayouts).set({ refundsSettled: payment.amountRefunded }).where(eq(ownerPayouts.id, row.id));
    return 'nothing_due';
  }
  const transfer = await payments.reverseTransfer(row.stripeTransferId, {
    amount: due,
    idempotencyKey: `payout-${row.paymentId}-reversal-${reversedCents + due}`,
    metadata: { kind: 'owner_payout_reversal', ownerId: row.ownerId },
  });
  await db
    .update(ownerPayouts)
    .set({ reversedAmount: fromCents(transfer.amountReversed), refundsSettled: payment.amountRefunded })
    .where(eq(ownerPayouts.id, row.id));
  return 'reversed';
}

/** The payment's `amount_refunded` (dollars) of a payout row, in SQL. */
const paymentRefunded = sql`(select p.amount_refunded from ${paymentsTable} p
  where p.id = ${ownerPayouts.paymentId})`;

/** Rows with something to settle: owed (when `withOwed`), or transferred with refunds since their last settlement. */
const toSettle = (withOwed: boolean) =>
  or(
    withOwed ? eq(ownerPayouts.status, 'owed') : sql`false`,
    and(eq(ownerPayouts.status, 'transferred'), sql`${ownerPayouts.refundsSettled} <> ${paymentRefunded}`),
  );

/**
 * The `transfer-owed-payouts` job for one owner: settles each of their rows with something to do
 * (owed ones only when their account can take charges). A row that fails does not stop the others;
 * the first failure is thrown at the end, so the job is retried.
 * @returns how many rows each outcome had
 */
export async function transferOwedPayouts(
  db: Database,
  payments: PaymentProvider,
  ownerId: string,
  now = new Date(),
): Promise<Partial<Record<PayoutSettlement, number>>> {
  const ready = (await ownerPayoutAccount(db, ownerId)) !== null;
  const rows = await db
    .select({ id: ownerPayouts.id })
    .from(ownerPayouts)
    .where(and(eq(ownerPayouts.ownerId, ownerId), toSettle(ready)))
    .orderBy(ownerPayouts.createdAt);
  const summary: Partial<Record<PayoutSettlement, number>> = {};
  let failure: unknown = null;
  for (const { id } of rows) {
    try {
      const outcome = await settleOwnerPayout(db, payments, id, now);
      summary[outcome] = (summary[outcome] ?? 0) + 1;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return summary;
}

/**
 * The owners the sweep enqueues `transfer-owed-payouts` for: an owed row and an account that can
 * take charges, or a transferred row with refunds since it was last settled. At most `limit`.
 */
export async function ownersWithPayoutsToSettle(db: Database, limit = 500): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ownerId: ownerPayouts.ownerId })
    .from(ownerPayouts)
    .innerJoin(users, eq(users.id, ownerPayouts.ownerId))
    .where(
      or(
        and(eq(ownerPayouts.status, 'owed'), eq(users.stripeChargesEnabled, true), sql`${users.stripeConnectAccountId} is not null`),
        toSettle(false),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.ownerId);
}

/** What the platform owes an owner now: the sum of their owed payouts that hold money, cents, and how many payments. */
export async function owedTotal(db: Database, ownerId: string): Promise<{ cents: number; payments: number }> {
  const rows = await db
    .select({ paymentId: ownerPayouts.paymentId })
    .from(ownerPayouts)
    .where(and(eq(ownerPayouts.ownerId, ownerId), eq(ownerPayouts.status, 'owed')));
  let cents = 0;
  let count = 0;
  for (const row of rows) {
    const payment = await payoutPayment(db, row);
    const owed = payment ? owedCents(payment) : 0;
    if (owed > 0) {
      cents += owed;
      count += 1;
    }
  }
  return { cents, payments: count };
}

/**
 * How the owner of booking `booking` is paid for its payment (the booking's own, or its series'),
 * as the console shows it: its payout row (owed with what it is worth now, transferred, void), a
 * destination charge when a payment was made without a row, or none before any payment.
 */
export async function bookingPayout(db: Database, booking: { paymentId: string | null }): Promise<BookingPayout> {
  const paymentId = booking.paymentId;
  if (!paymentId) return { kind: 'none' };
  const [row] = await db.select().from(ownerPayouts).where(eq(ownerPayouts.paymentId, paymentId)).limit(1);
  if (row?.status === 'transferred') {
    return {
      kind: 'transferred',
      amount: row.amount,
      reversedAmount: row.reversedAmount,
      transferredAt: row.transferredAt!.toISOString(),
      transferId: row.stripeTransferId ?? '',
    };
  }
  if (row?.status === 'void') return { kind: 'void' };
  if (row) {
    const payment = await payoutPayment(db, row);
    return { kind: 'owed', amount: fromCents(payment ? owedCents(payment) : 0) };
  }
  const [payment] = await db
    .select({ intentId: paymentsTable.stripePaymentIntentId })
    .from(paymentsTable)
    .where(eq(paymentsTable.id, paymentId))
    .limit(1);
  return payment?.intentId ? { kind: 'destination' } : { kind: 'none' };
}
