/**
 * Standing bookings' billing (docs/decisions/041-standing-bookings.md), run by a job every few
 * minutes, once across instances:
 * 1. ends those whose first period was never paid (the hold lapsed, the owner declined) and those
 *    whose last day passed;
 * 2. holds the periods their horizon reaches (`holdDuePeriods`, bookings/checkout.ts);
 * 3. charges each period whose charge is due with the renter's saved card, off-session
 *    (https://docs.stripe.com/payments/save-and-reuse). A succeeded charge confirms the period
 *    through `settlePayment`, as any payment. A refused one is tried again on the days of
 *    `STANDING_RETRY_DAYS`; after the last, the period's holds expire and the standing booking ends.
 *
 * Each charge is claimed first (a guarded `UPDATE` of `next_charge_at` to a short lease), and its
 * idempotency key names the period and the attempt: two workers, or a run retried after a crash
 * between the charge and its record, charge once.
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { localDate } from '../../shared/availability';
import { toCents } from '../../shared/money';
import { periodRetryAt } from '../../shared/standing-billing';
import { billingPeriod } from '../../shared/standing-bookings';
import { timeZoneForState } from '../../shared/time-zones';
import type { BookingRow, SpaceRow } from '../bookings/booking-row';
import { moveBookings } from '../bookings/booking-writer';
import { heldDestination, holdDuePeriods, releaseLaterPeriods } from '../bookings/checkout';
import { settlePayment } from '../bookings/confirmation';
import { bookingsOfPayment, findPayment } from '../bookings/payment-bookings';
import type { Database } from '../db/client';
import { bookingSeries, medicalSpaces, payments as paymentsTable, standingBookings } from '../db/schema';
import { movePayment, repriceUnpaidPayment } from '../payments/payment-writer';
import type { PaymentProvider } from '../payments/provider';
import { findSavedCard } from '../payments/saved-cards';
import { tellChargeFailed, tellDatesSkipped } from './notices';
import { moveStandingBooking, type StandingRow } from './standing-writer';

/** Minutes a claimed charge is leased for: a run that died mid-charge is taken up again after it, with the same key. */
const CHARGE_LEASE_MINUTES = 10;

/** Periods charged in one run at most (the next run takes the rest). */
const CHARGES_PER_RUN = 200;

/** What one run did, counted. */
export interface BillingSummary {
  ended: number;
  held: number;
  charged: number;
  failed: number;
  released: number;
}

/** A period of a standing booking (its series row). */
type PeriodRow = typeof bookingSeries.$inferSelect;

/**
 * One run of the standing bookings' billing at `now`. Errors of one standing booking are passed to
 * `onError` and do not stop the others.
 */
export async function runStandingBilling(
  db: Database,
  payments: PaymentProvider | null,
  now = new Date(),
  onError: (error: unknown, id: string) => void = () => undefined,
): Promise<BillingSummary> {
  const summary: BillingSummary = { ended: 0, held: 0, charged: 0, failed: 0, released: 0 };
  const running = await db
    .select({ standing: standingBookings, space: medicalSpaces })
    .from(standingBookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, standingBookings.spaceId))
    .where(inArray(standingBookings.status, ['active', 'ending']));
  for (const { standing, space } of running) {
    try {
      if (await endIfOver(db, standing, space, now)) {
        summary.ended += 1;
        continue;
      }
      const held = await holdDuePeriods(db, standing, now);
      for (const period of held) await tellDatesSkipped(db, { standing, space, periodIndex: period.periodIndex, skipped: period.skipped });
      summary.held += held.filter((period) => period.seriesId !== null).length;
    } catch (error) {
      onError(error, standing.id);
    }
  }
  if (!payments) return summary;
  const due = await db
    .select({ period: bookingSeries, standing: standingBookings, space: medicalSpaces })
    .from(bookingSeries)
    .innerJoin(standingBookings, eq(standingBookings.id, bookingSeries.standingBookingId))
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, standingBookings.spaceId))
    .where(and(lte(bookingSeries.nextChargeAt, now), inArray(standingBookings.status, ['active', 'ending'])))
    .orderBy(asc(bookingSeries.nextChargeAt))
    .limit(CHARGES_PER_RUN);
  for (const { period, standing, space } of due) {
    try {
      const outcome = await chargePeriod(db, payments, period, standing, space, now);
      if (outcome !== 'skipped') summary[outcome] += 1;
    } catch (error) {
      onError(error, standing.id);
    }
  }
  return summary;
}

/**
 * Whether every booking of a payment ended without being paid at `now`: a lapsed hold (expired, or
 * past its `hold_expires_at` before the sweep expires it), a declined or expired request.
 */
const endedUnpaid = (rows: readonly BookingRow[], now: Date) =>
  rows.length > 0 &&
  rows.every(
    (row) =>
      row.status === 'expired' ||
      row.status === 'declined' ||
      (row.status === 'awaiting_payment' && row.holdExpiresAt !== null && row.holdExpiresAt <= now),
  );

/**
 * Ends a standing booking whose first period ended unpaid (its later periods' holds expire), or
 * whose `ends_on` has come.
 * @returns whether it ended now
 */
async function endIfOver(db: Database, standing: StandingRow, space: SpaceRow, now: Date): Promise<boolean> {
  const [first] = await db
    .select({ id: bookingSeries.id })
    .from(bookingSeries)
    .where(and(eq(bookingSeries.standingBookingId, standing.id), eq(bookingSeries.periodIndex, 0)))
    .limit(1);
  const neverPaid = !first || endedUnpaid(await bookingsOfPayment(db, first.id), now);
  const over = standing.endsOn !== null && standing.endsOn <= localDate(now, timeZoneForState(space.state));
  if (!neverPaid && !over) return false;
  if (first) await releaseLaterPeriods(db, first.id);
  return (await moveStandingBooking(db, standing.id, 'finish')) !== null;
}

/** Whether a standing booking's first period has been paid (captured; refunds later do not change it). */
async function firstPeriodPaid(db: Database, standingId: string): Promise<boolean> {
  const [first] = await db
    .select({ status: paymentsTable.status })
    .from(bookingSeries)
    .innerJoin(paymentsTable, eq(paymentsTable.id, bookingSeries.id))
    .where(and(eq(bookingSeries.standingBookingId, standingId), eq(bookingSeries.periodIndex, 0)))
    .limit(1);
  return first !== undefined && ['paid', 'partially_refunded', 'refunded'].includes(first.status);
}

/**
 * Charges one period whose charge is due, once: claims it, charges what is still held of it with
 * the saved card, and settles the payment (confirming the period) or records the failure.
 */
async function chargePeriod(
  db: Database,
  payments: PaymentProvider,
  period: PeriodRow,
  standing: StandingRow,
  space: SpaceRow,
  now: Date,
): Promise<'charged' | 'failed' | 'released' | 'skipped'> {
  // Nothing is charged before the first period is paid (a request the owner has not accepted yet).
  if (!(await firstPeriodPaid(db, standing.id))) return 'skipped';
  const lease = new Date(now.getTime() + CHARGE_LEASE_MINUTES * 60_000);
  const [claimed] = await db
    .update(bookingSeries)
    .set({ nextChargeAt: lease })
    .where(
      and(eq(bookingSeries.id, period.id), eq(bookingSeries.chargeAttempts, period.chargeAttempts), lte(bookingSeries.nextChargeAt, now)),
    )
    .returning();
  if (!claimed) return 'skipped';
  const stopCharging = () => db.update(bookingSeries).set({ nextChargeAt: null }).where(eq(bookingSeries.id, period.id));
  const payment = await findPayment(db, period.id);
  const held = (await bookingsOfPayment(db, period.id)).filter((row) => row.status === 'awaiting_payment');
  if (!payment || held.length === 0 || !['none', 'requires_payment'].includes(payment.status)) {
    await stopCharging();
    return 'skipped';
  }
  // Occurrences dropped since the hold (notice given) are not charged.
  const totalCents = held.reduce((sum, row) => sum + toCents(row.totalPrice), 0);
  const feeCents = held.reduce((sum, row) => sum + toCents(row.platformFeeAmount ?? '0'), 0);
  if (totalCents !== toCents(payment.amount)) await repriceUnpaidPayment(db, payment.id, totalCents, feeCents);

  const card = await findSavedCard(db, standing.renterId);
  const result = card
    ? await payments.chargeSavedCard({
        amount: totalCents,
        applicationFeeAmount: feeCents,
        destination: await heldDestination(db, held, space.ownerId),
        customer: card.customerId,
        paymentMethod: card.paymentMethodId,
        metadata: {
          kind: 'booking_series',
          paymentId: payment.id,
          seriesId: period.id,
          bookingId: held[0]!.id,
          standingBookingId: standing.id,
          spaceId: space.id,
          renterId: standing.renterId,
          ownerId: space.ownerId,
        },
        idempotencyKey: `standing-charge-${period.id}-${period.chargeAttempts}`,
        description: `ClinicShare standing booking, period ${(period.periodIndex ?? 0) + 1}: ${space.title}`,
      })
    : ({ outcome: 'failed', intent: null, message: 'No card is saved for this standing booking.', code: 'no_card' } as const);
  if (result.intent && result.intent.id !== payment.stripePaymentIntentId) {
    await movePayment(db, { paymentId: payment.id }, 'open', { stripePaymentIntentId: result.intent.id });
  }
  if (result.outcome === 'succeeded') {
    await settlePayment(db, payments, payment.id, result.intent, now);
    await db.update(bookingSeries).set({ nextChargeAt: null, chargeFailure: null }).where(eq(bookingSeries.id, period.id));
    return 'charged';
  }
  const timeZone = timeZoneForState(space.state);
  const range = billingPeriod(standing.startedOn, standing.billing, period.periodIndex ?? 0);
  const attempts = period.chargeAttempts + 1;
  const retryAt = periodRetryAt(range, attempts, timeZone);
  await db
    .update(bookingSeries)
    .set({ chargeAttempts: attempts, nextChargeAt: retryAt, chargeFailure: result.message })
    .where(eq(bookingSeries.id, period.id));
  const retryOn = retryAt ? localDate(retryAt, timeZone) : null;
  await tellChargeFailed(db, {
    standing,
    space,
    periodId: period.id,
    attempt: attempts,
    amountCents: totalCents,
    message: result.message,
    retryOn,
  });
  if (retryAt) return 'failed';
  // The last attempt failed: the period's occurrences are let go, and the standing booking ends.
  await moveBookings(db, { seriesId: period.id }, 'awaiting_payment', 'expire', { holdExpiresAt: null });
  const [first] = await db
    .select({ id: bookingSeries.id })
    .from(bookingSeries)
    .where(and(eq(bookingSeries.standingBookingId, standing.id), eq(bookingSeries.periodIndex, 0)))
    .limit(1);
  if (first) await releaseLaterPeriods(db, first.id);
  await moveStandingBooking(db, standing.id, 'finish');
  return 'released';
}
