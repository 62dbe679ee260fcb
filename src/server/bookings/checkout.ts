/**
 * Checkout: quote -> hold -> payment, in Sharetribe's model (booking rows from the first click;
 * docs/decisions/005-bookings-as-holds.md), for one payment of one or more bookings
 * (docs/decisions/035-one-payment-model.md): one booking, or every occurrence of a weekly series
 * (docs/decisions/026-booking-series.md).
 *
 * 1. {@link createCheckout} quotes every occurrence once on the server, checks and holds them all in
 *    one transaction under the space's lock (`awaiting_payment`, expiring after {@link HOLD_MINUTES}),
 *    whole or not at all, with their ranges, units, totals and shares of the one platform fee. The
 *    exclusion constraint covers holds, so the first renter to start paying has the dates
 *    (docs/decisions/003-bookings-as-ranges.md). One payment intent charges exactly the stored
 *    total and fee.
 * 2. `confirmation.ts` moves the holds on once the server has verified the payment.
 * 3. {@link releaseHold}: the renter gives up a hold they have not paid.
 *
 * Provider calls never run inside a database transaction. Whatever money a failed step leaves
 * behind, the reconciliation job (`reconciliation.ts`) gives back.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { bookingBufferMinutes, DATES_TAKEN, localDate, localDateTime, shiftDate, weekdayOf } from '../../shared/availability';
import {
  assertNotInPast,
  BookingRuleError,
  bookedByTime,
  platformFeeCents,
  quoteBooking,
  type BookingQuote,
} from '../../shared/booking-rules';
import { AGREEMENT_VERSION, HOLD_MINUTES, MAX_BOOKING_TOTAL_CENTS } from '../../shared/constants';
import { formatUsd, fromCents, splitCents, toCents } from '../../shared/money';
import { expandRecurrence, type Occurrence } from '../../shared/recurrence';
import type { CheckoutAnswer, checkoutRequestSchema, OccurrenceConflict, Recurrence } from '../../shared/schemas/booking-series';
import type { StandingRecurrence } from '../../shared/schemas/standing-bookings';
import { periodChargeAt, periodOccurrences, standingHoldEndsAt } from '../../shared/standing-billing';
import { horizonPeriods } from '../../shared/standing-bookings';
import { timeZoneForState } from '../../shared/time-zones';
import { SQLSTATE, sqlState, type Database } from '../db/client';
import { bookings, bookingSeries, medicalSpaces, ownerPayouts, standingBookings, users } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { assertInsuredThrough } from '../insurance/service';
import { movePayment } from '../payments/payment-writer';
import type { PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import { ensureCustomer } from '../payments/saved-cards';
import { assertSchedulePermits, findScheduleProblem } from '../schedules/service';
import { refreshBookedDays } from '../schedules/space-days';
import { findSpaceRow } from '../spaces/service';
import { recordAgreementAcceptance, requireCurrentAgreement } from './agreement-acceptance';
import type { BookingRow, SpaceRow } from './booking-row';
import { moveBookings } from './booking-writer';
import { isFirstTransaction } from './first-booking';
import { assertRoomForHold } from './hold-limits';
import { tellEachStep } from './notices';
import { bookingsOfPayment, findPayment, moveWholePayment, paymentIdOf } from './payment-bookings';
import { settleMoney } from './settlement';

const MINUTE_MS = 60 * 1000;

/** An occurrence quoted: its dates as asked and its quote. */
interface QuotedOccurrence extends Occurrence {
  quote: BookingQuote;
}

/** The 409 of a series with occurrences that cannot be booked. */
const SERIES_CONFLICT = 'Some of these dates cannot be booked. Choose other dates, or book only the free ones.';

/** The space of a booking. @throws HttpError 404 unknown space */
async function requireSpace(db: Database, spaceId: string): Promise<SpaceRow> {
  const space = await findSpaceRow(db, spaceId);
  if (!space) throw notFound('Space not found.');
  return space;
}

/** A recurrence of a standing booking (no end, billed each period), as opposed to a series'. */
export function isStanding(recurrence: Recurrence | StandingRecurrence | undefined): recurrence is StandingRecurrence {
  return recurrence?.standing === true;
}

/** How many billing periods of a standing booking checkout holds: the first, paid now, and the next (docs/decisions/041-standing-bookings.md). */
const STANDING_PERIODS_HELD = 2;

/**
 * The occurrences of a checkout, each group one payment: one booking; every occurrence of a series;
 * or the first {@link STANDING_PERIODS_HELD} billing periods of a standing booking, one payment each
 * (the first charged now, the next later with the saved card).
 * @throws BookingRuleError for a recurrence that does not fit the space
 */
function occurrenceGroups(
  space: SpaceRow,
  first: Occurrence,
  recurrence: Recurrence | StandingRecurrence | undefined,
): { occurrences: Occurrence[]; period?: { index: number; start: string; end: string } }[] {
  if (!recurrence) return [{ occurrences: [first] }];
  if (!isStanding(recurrence)) return [{ occurrences: expandRecurrence(space.pricePeriod, first, recurrence) }];
  const offer = space.standingBookings;
  if (!offer) throw new BookingRuleError('This space does not offer standing bookings.');
  if (!offer.billing.includes(recurrence.billing)) {
    throw new BookingRuleError(`This space does not offer ${recurrence.billing} billing for standing bookings.`);
  }
  if (!recurrence.weekdays.includes(weekdayOf(first.startDate.slice(0, 10)))) {
    throw new BookingRuleError('The first booking must fall on one of the weekdays it repeats on.');
  }
  return Array.from({ length: STANDING_PERIODS_HELD }, (_, index) => {
    const { period, occurrences } = periodOccurrences(space.pricePeriod, { first, ...recurrence }, index);
    return { occurrences, period: { index, ...period } };
  });
}

/** A group of occurrences quoted: one payment's, with its billing period for a standing booking. */
interface QuotedGroup {
  occurrences: QuotedOccurrence[];
  period?: { index: number; start: string; end: string };
}

/**
 * Quotes each occurrence of `first` repeated by `recurrence` (or `first` alone) as one booking of
 * `space` by `renterId`, grouped by payment ({@link occurrenceGroups}), and checks they can be asked
 * for: a listed space of someone else's, a first occurrence not in the past, and (one booking)
 * inside the listing's window.
 * @throws HttpError 400 for bad dates, an own or unlisted space, a recurrence that does not fit, or dates outside the window
 */
async function quoteOccurrences(
  db: Database,
  space: SpaceRow,
  renterId: string,
  first: Occurrence,
  recurrence: Recurrence | StandingRecurrence | undefined,
  now: Date,
): Promise<{ groups: QuotedGroup[]; isFirstTransaction: boolean }> {
  if (!space.active) throw badRequest('This space is not available for booking.');
  if (space.ownerId === renterId) throw badRequest('You cannot book your own space.');
  const timeZone = timeZoneForState(space.state);
  const quote = (occurrence: Occurrence) =>
    quoteBooking({
      period: space.pricePeriod,
      unitPriceCents: toCents(space.pricePerDay),
      start: occurrence.startDate,
      end: occurrence.endDate,
      timeZone,
      isFirstTransaction: false,
    });
  let groups: QuotedGroup[];
  try {
    groups = occurrenceGroups(space, first, recurrence).map(({ occurrences, period }) => ({
      occurrences: occurrences.map((occurrence) => ({ ...occurrence, quote: quote(occurrence) })),
      ...(period ? { period } : {}),
    }));
    assertNotInPast(space.pricePeriod, quote(first).startAt, now, timeZone);
  } catch (error) {
    if (error instanceof BookingRuleError) throw badRequest(error.message);
    throw error;
  }
  if (!recurrence) {
    // One booking is refused outright; a series' occurrences outside the window are conflicts.
    const { startAt, endAt } = groups[0]!.occurrences[0]!.quote;
    if (space.availableFrom && startAt < space.availableFrom) throw badRequest('This space is not available that early.');
    if (space.availableTo && endAt > space.availableTo) throw badRequest('This space is not available that late.');
  }
  return { groups, isFirstTransaction: await isFirstTransaction(db, renterId, space.ownerId) };
}

/** The owner's connected account when it can take charges (destination charges), else null. */
export async function ownerPayoutAccount(db: Database, ownerId: string): Promise<string | null> {
  const [owner] = await db
    .select({ account: users.stripeConnectAccountId, chargesEnabled: users.stripeChargesEnabled })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  return owner?.account && owner.chargesEnabled ? owner.account : null;
}

/**
 * The owner's payout of a new payment, decided once with the hold (docs/decisions/033-owed-payouts.md):
 * with a `destination` the payment is a destination charge and pays the owner itself; without one it
 * is charged on the platform and gets an `owed` row in `owner_payouts` for the payment `paymentId`,
 * inserted in the hold's transaction `tx`, so no payment is ever made without its row. The
 * `transfer-owed-payouts` job (src/server/payouts) sends it once the owner's account can be paid.
 */
export async function recordOwnerPayout(tx: Database, ownerId: string, paymentId: string, destination: string | null): Promise<void> {
  if (destination) return;
  await tx.insert(ownerPayouts).values({ ownerId, paymentId }).onConflictDoNothing();
}

/**
 * The destination of a payment already held, as it was decided with its hold: none when it has an
 * owed payout row (charged on the platform), else the owner's account. Asking again for the same
 * attempt then creates the same payment intent (Stripe refuses one idempotency key with other
 * parameters), even if the owner's account changed meanwhile.
 */
export async function heldDestination(db: Database, rows: readonly BookingRow[], ownerId: string): Promise<string | null> {
  const [owed] = await db
    .select({ id: ownerPayouts.id })
    .from(ownerPayouts)
    .where(eq(ownerPayouts.paymentId, paymentIdOf(rows[0]!)))
    .limit(1);
  if (owed) return null;
  const [owner] = await db.select({ account: users.stripeConnectAccountId }).from(users).where(eq(users.id, ownerId)).limit(1);
  return owner?.account ?? null;
}

/** A quote as the booking row stores it: the dates, units, total and platform fee (decimal strings). */
export function quotedColumns(quote: BookingQuote) {
  return {
    startAt: quote.startAt,
    endAt: quote.endAt,
    units: quote.units,
    totalPrice: fromCents(quote.totalCents),
    platformFeeAmount: fromCents(quote.platformFeeCents),
  };
}

/**
 * Expires the holds of `spaceId` that lapsed unpaid by `now`, so they no longer keep their dates
 * (docs/decisions/005-bookings-as-holds.md), and tells their renters (a series once). Call it in
 * the hold's transaction, under the space's lock.
 */
async function lapseStaleHolds(tx: Database, spaceId: string, now: Date): Promise<void> {
  const lapsed = await moveBookings(tx, { lapsedHolds: now }, 'awaiting_payment', 'expire');
  await tellEachStep(tx, 'hold_expired', lapsed, now);
}

/**
 * Why each occurrence cannot be booked (null where it can): the listing's window, its schedule,
 * the bookings held at `now`, and the occurrences before it in the series (with the buffer). Read
 * under the space's lock.
 */
async function occurrenceProblems(
  tx: Database,
  space: SpaceRow,
  occurrences: readonly QuotedOccurrence[],
  now: Date,
): Promise<(OccurrenceConflict['reason'] | null)[]> {
  const problems = await findScheduleProblem(
    tx,
    space,
    occurrences.map((occurrence) => occurrence.quote),
    now,
  );
  const bufferMs = bookingBufferMinutes({ period: space.pricePeriod, schedule: space.schedule }) * MINUTE_MS;
  const kept: BookingQuote[] = [];
  return occurrences.map((occurrence, index) => {
    const { startAt, endAt } = occurrence.quote;
    if ((space.availableFrom && startAt < space.availableFrom) || (space.availableTo && endAt > space.availableTo)) return 'closed';
    const problem = problems[index] ?? null;
    if (problem) return problem;
    // Weekly occurrences of several days can run into the next one, buffer included.
    const clash = kept.find(
      (other) => startAt.getTime() < other.endAt.getTime() + bufferMs && other.startAt.getTime() < endAt.getTime() + bufferMs,
    );
    if (clash) return startAt < clash.endAt && clash.startAt < endAt ? 'taken' : 'buffer';
    kept.push(occurrence.quote);
    return null;
  });
}

/** The payments an earlier call of booking attempt `key` held: its bookings, one payment each. */
async function earlierAttempts(db: Database, renterId: string, key: string): Promise<BookingRow[][]> {
  const [single] = await db
    .select({ paymentId: bookings.paymentId })
    .from(bookings)
    .where(and(eq(bookings.renterId, renterId), eq(bookings.idempotencyKey, key)))
    .limit(1);
  const [series] = await db
    .select({ paymentId: bookingSeries.id })
    .from(bookingSeries)
    .where(and(eq(bookingSeries.renterId, renterId), eq(bookingSeries.idempotencyKey, key)))
    .limit(1);
  const ids = [single?.paymentId, series?.paymentId].filter((id): id is string => Boolean(id));
  return Promise.all(ids.map((id) => bookingsOfPayment(db, id)));
}

/**
 * Lets go of what earlier calls of the same booking attempt held: their holds expire (the
 * reconciliation job cancels their intents) and the key is freed for this call.
 * @throws HttpError 409 when that attempt has already been paid
 */
async function releaseEarlierAttempts(db: Database, attempts: readonly BookingRow[][]): Promise<void> {
  for (const rows of attempts) {
    if (rows.some((row) => row.status !== 'awaiting_payment' && row.status !== 'expired')) {
      throw conflict('This booking attempt has already been paid. Please start a new booking.');
    }
  }
  for (const rows of attempts) {
    const paymentId = paymentIdOf(rows[0]!);
    await moveBookings(db, { paymentId }, 'awaiting_payment', 'expire', { holdExpiresAt: null });
    await db.update(bookings).set({ idempotencyKey: null }).where(eq(bookings.paymentId, paymentId));
    if (rows[0]!.seriesId) {
      await db.update(bookingSeries).set({ idempotencyKey: null }).where(eq(bookingSeries.id, rows[0]!.seriesId));
      await releaseLaterPeriods(db, rows[0]!.seriesId);
    }
  }
}

/**
 * Expires the held later periods of the standing booking whose first period is `seriesId` (none for
 * a plain series): an attempt given up lets go of all it held. The standing booking itself is ended
 * by its job, once its first period ended unpaid (src/server/standing-bookings).
 */
export async function releaseLaterPeriods(db: Database, seriesId: string): Promise<void> {
  const [first] = await db
    .select({ standingBookingId: bookingSeries.standingBookingId })
    .from(bookingSeries)
    .where(eq(bookingSeries.id, seriesId))
    .limit(1);
  if (!first?.standingBookingId) return;
  const later = await db
    .select({ id: bookingSeries.id })
    .from(bookingSeries)
    .where(and(eq(bookingSeries.standingBookingId, first.standingBookingId), gt(bookingSeries.periodIndex, 0)));
  for (const { id } of later) {
    await moveBookings(db, { seriesId: id }, 'awaiting_payment', 'expire', { holdExpiresAt: null });
    await db.update(bookingSeries).set({ nextChargeAt: null }).where(eq(bookingSeries.id, id));
  }
}

/** Whether `rows` are a standing hold of exactly the occurrences quoted (their held subset, for a series that skipped some). */
function holdsTheSame(rows: readonly BookingRow[], space: SpaceRow, quoted: readonly QuotedOccurrence[], now: Date): boolean {
  return (
    rows.length > 0 &&
    rows.every((row) => row.spaceId === space.id && row.status === 'awaiting_payment' && row.holdExpiresAt && row.holdExpiresAt > now) &&
    rows.every((row) =>
      quoted.some(({ quote }) => quote.startAt.getTime() === row.startAt.getTime() && quote.endAt.getTime() === row.endAt.getTime()),
    )
  );
}

/** An occurrence's dates in the booking format of its space (local `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`; the end exclusive, as asked). */
export function shownOccurrence(row: BookingRow, space: SpaceRow) {
  const timeZone = timeZoneForState(space.state);
  const local = (instant: Date) => (bookedByTime(space.pricePeriod) ? localDateTime(instant, timeZone) : localDate(instant, timeZone));
  return { bookingId: row.id, startDate: local(row.startAt), endDate: local(row.endAt) };
}

/**
 * POST /api/create-booking-payment-intent: quotes every occurrence asked (one booking, or with
 * `recurrence` every occurrence of a weekly series), checks and holds them all in one transaction
 * under the space's lock with the renter's acceptance of its space-use agreement
 * (`agreementVersion`, the template in force; docs/decisions/027-receipts-and-agreements.md), and
 * creates one payment intent for their total and their one platform fee (the fee rule counts a
 * series as one booking, docs/decisions/011-platform-fee-on-a-first-booking.md). An occurrence of
 * a series that cannot be booked refuses it with 409 and `conflicts` listing each; with
 * `skipConflicts` those are left out and answered in `skipped`. Asking again for the same attempt
 * (`idempotencyKey`) and dates returns the same hold and intent; other dates replace the hold.
 * @throws HttpError 400 bad dates, recurrence or amount, 404 unknown space, 409 an agreement version no longer in force,
 *   dates taken (a series: with `conflicts`), no certificate of insurance valid through the last day on a listing that
 *   requires one, or an attempt already paid; 429 too many unpaid holds
 */
export async function createCheckout(
  db: Database,
  payments: PaymentProvider,
  renterId: string,
  input: z.output<typeof checkoutRequestSchema>,
  now = new Date(),
): Promise<CheckoutAnswer> {
  requireCurrentAgreement(input.agreementVersion ?? AGREEMENT_VERSION);
  const space = await requireSpace(db, input.spaceId);
  const { groups, isFirstTransaction: first } = await quoteOccurrences(db, space, renterId, input.bookingDetails, input.recurrence, now);
  const quoted = groups[0]!.occurrences;
  const askedCents = quoted.reduce((sum, { quote }) => sum + quote.totalCents, 0);
  if (!input.recurrence) {
    // "Require proof of insurance": a certificate valid through the last day (409; insurance/service.ts).
    await assertInsuredThrough(db, space, renterId, quoted[0]!.quote.endAt);
    if (input.amount !== undefined && toCents(input.amount) !== askedCents) {
      throw badRequest(`The amount does not match the price of these dates (${fromCents(askedCents)}).`);
    }
  }
  let destination = await ownerPayoutAccount(db, space.ownerId);

  let held: { rows: BookingRow[]; skipped: OccurrenceConflict[] } | null = null;
  if (input.idempotencyKey) {
    const attempts = await earlierAttempts(db, renterId, input.idempotencyKey);
    const same = attempts.length === 1 && holdsTheSame(attempts[0]!, space, quoted, now) ? attempts[0]! : null;
    if (same) {
      held = { rows: same, skipped: [] };
      destination = await heldDestination(db, same, space.ownerId);
    } else await releaseEarlierAttempts(db, attempts);
  }
  held ??= await holdOccurrences(db, space, renterId, input, groups, first, destination, now);

  const { rows } = held;
  const paymentId = paymentIdOf(rows[0]!);
  const seriesId = rows[0]!.seriesId;
  const standingBookingId = seriesId ? await standingBookingOf(db, seriesId) : null;
  const totalCents = rows.reduce((sum, row) => sum + toCents(row.totalPrice), 0);
  const feeCents = rows.reduce((sum, row) => sum + toCents(row.platformFeeAmount ?? '0'), 0);
  // A standing booking's later periods are charged without the renter: the first payment saves the card
  // for them with the renter's consent (https://docs.stripe.com/payments/save-during-payment).
  const customer = standingBookingId ? await renterCustomer(db, payments, renterId) : undefined;
  let intent: PaymentIntentInfo;
  try {
    intent = await payments.createPaymentIntent({
      amount: totalCents,
      applicationFeeAmount: feeCents,
      destination,
      captureMethod: rows[0]!.instantBook ? 'automatic' : 'manual',
      metadata: {
        kind: seriesId ? 'booking_series' : 'booking',
        paymentId,
        bookingId: rows[0]!.id,
        ...(seriesId ? { seriesId } : {}),
        ...(standingBookingId ? { standingBookingId, saveCard: 'true' } : {}),
        spaceId: space.id,
        renterId,
        ownerId: space.ownerId,
      },
      ...(customer ? { customer, setupFutureUsage: 'off_session' as const } : {}),
      idempotencyKey: `booking-hold-${paymentId}`,
      description: standingBookingId
        ? `ClinicShare standing booking, first period (${rows.length}): ${space.title}`
        : seriesId
          ? `ClinicShare booking series (${rows.length}): ${space.title}`
          : `ClinicShare booking: ${space.title}`,
    });
  } catch (error) {
    await moveBookings(db, { paymentId }, 'awaiting_payment', 'expire', { holdExpiresAt: null });
    if (seriesId) await releaseLaterPeriods(db, seriesId);
    throw error;
  }
  if ((await findPayment(db, paymentId))?.stripePaymentIntentId !== intent.id) {
    await movePayment(db, { paymentId }, 'open', { stripePaymentIntentId: intent.id });
  }
  return {
    bookingId: rows[0]!.id,
    holdExpiresAt: rows[0]!.holdExpiresAt!.toISOString(),
    instantBook: rows[0]!.instantBook,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amount: fromCents(totalCents),
    platformFeeAmount: fromCents(feeCents),
    ownerConnected: destination !== null,
    isFirstTransaction: first,
    units: rows.reduce((sum, row) => sum + (row.units ?? 0), 0),
    ...(seriesId ? { seriesId, occurrences: rows.map((row) => shownOccurrence(row, space)), skipped: held.skipped } : {}),
    ...(standingBookingId ? { standingBookingId } : {}),
  };
}

/** The standing booking a series is a period of, or null. */
async function standingBookingOf(db: Database, seriesId: string): Promise<string | null> {
  const [row] = await db
    .select({ standingBookingId: bookingSeries.standingBookingId })
    .from(bookingSeries)
    .where(eq(bookingSeries.id, seriesId))
    .limit(1);
  return row?.standingBookingId ?? null;
}

/** The renter's customer at the provider, made once (docs/decisions/039-saved-cards.md). */
async function renterCustomer(db: Database, payments: PaymentProvider, renterId: string): Promise<string> {
  const [renter] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, renterId)).limit(1);
  if (!renter) throw notFound('User not found.');
  return ensureCustomer(db, payments, renter);
}

/**
 * Holds the occurrences of a checkout in one transaction under the space's lock: expires the
 * space's lapsed holds, checks each occurrence, and inserts one booking row each, a series row per
 * payment of several (a standing booking also its `standing_bookings` row, and each held period's
 * series), with the renter's agreement and each payment's owed payout row. A standing booking's
 * later periods keep what is free and are held until their last charge attempt.
 * @returns the first payment's bookings, and the occurrences left out
 * @throws HttpError as {@link createCheckout}
 */
async function holdOccurrences(
  db: Database,
  space: SpaceRow,
  renterId: string,
  input: z.output<typeof checkoutRequestSchema>,
  groups: readonly QuotedGroup[],
  first: boolean,
  destination: string | null,
  now: Date,
): Promise<{ rows: BookingRow[]; skipped: OccurrenceConflict[] }> {
  const standing = isStanding(input.recurrence) ? input.recurrence : null;
  const timeZone = timeZoneForState(space.state);
  try {
    return await db.transaction(async (tx) => {
      await assertRoomForHold(tx, renterId, now); // 429 past MAX_UNPAID_HOLDS (hold-limits.ts); a series is one hold
      // One hold at a time per space: concurrent inserts of overlapping ranges would each wait on the
      // other's exclusion check, and PostgreSQL would abort them as deadlocks (a 500, maybe no winner).
      await tx.select({ id: medicalSpaces.id }).from(medicalSpaces).where(eq(medicalSpaces.id, space.id)).for('no key update');
      await lapseStaleHolds(tx, space.id, now);
      const all = groups.flatMap((group) => group.occurrences);
      let free = [...all];
      let skipped: OccurrenceConflict[] = [];
      let checkAmount = false;
      if (!input.recurrence) {
        // Opening hours, blocked dates, sessions, notice, horizon and buffers (400; 409 taken), read under the lock.
        await assertSchedulePermits(tx, space, all[0]!.quote, now);
      } else {
        const problems = await occurrenceProblems(tx, space, all, now);
        const conflictOf = (occurrence: QuotedOccurrence, index: number): OccurrenceConflict[] =>
          problems[index] ? [{ startDate: occurrence.startDate, endDate: occurrence.endDate, reason: problems[index]! }] : [];
        skipped = all.flatMap(conflictOf);
        free = all.filter((_, index) => !problems[index]);
        const firstCount = groups[0]!.occurrences.length;
        const firstSkipped = all.slice(0, firstCount).flatMap(conflictOf);
        if (firstSkipped.length === firstCount || (firstSkipped.length > 0 && !input.skipConflicts))
          throw conflict(SERIES_CONFLICT, firstSkipped);
        checkAmount = firstSkipped.length === 0;
        // "Require proof of insurance": a certificate valid through the last occurrence held (409; insurance/service.ts).
        await assertInsuredThrough(tx, space, renterId, new Date(Math.max(...free.map(({ quote }) => quote.endAt.getTime()))));
      }
      const [standingRow] = standing
        ? await tx
            .insert(standingBookings)
            .values({
              spaceId: space.id,
              renterId,
              weekdays: standing.weekdays,
              firstStartDate: input.bookingDetails.startDate,
              firstEndDate: input.bookingDetails.endDate,
              billing: standing.billing,
              noticeDays: space.standingBookings!.noticeDays,
              minimumTermMonths: space.standingBookings!.minimumTermMonths,
              startedOn: input.bookingDetails.startDate.slice(0, 10),
              instantBook: space.instantBook,
            })
            .returning({ id: standingBookings.id })
        : [];
      const held: BookingRow[][] = [];
      for (const [index, group] of groups.entries()) {
        const kept = group.occurrences.filter((occurrence) => free.includes(occurrence));
        if (kept.length === 0) continue; // a later period with nothing free: nothing to hold or bill
        held.push(
          await holdPayment(tx, {
            space,
            renterId,
            input,
            kept,
            index,
            period: group.period,
            standingId: standingRow?.id,
            first,
            checkAmount,
            now,
            timeZone,
          }),
        );
      }
      const rows = held.flat();
      await refreshBookedDays(tx, rows); // what search reads of their dates (schedules/space-days.ts)
      // The renter's clickwrap (`agreementVersion`, checked above), kept with the hold: the time, the
      // version and the SHA-256 of the agreement text of the whole payment as held.
      await recordAgreementAcceptance(tx, held[0]![0]!.id, now);
      for (const paid of held) await recordOwnerPayout(tx, space.ownerId, paymentIdOf(paid[0]!), destination);
      // No job per hold: the per-minute sweep expires a lapsed one (expiry.ts), and the lines
      // above free its dates at once for whoever wants them.
      return { rows: held[0]!, skipped };
    });
  } catch (error) {
    if (sqlState(error) === SQLSTATE.exclusionViolation) throw conflict(DATES_TAKEN);
    if (sqlState(error) === SQLSTATE.uniqueViolation) throw conflict('This booking attempt is already being paid. Please wait a moment.');
    throw error;
  }
}

/**
 * Inserts the bookings of one payment of a checkout (and its series row when it has several or is a
 * standing booking's period), priced with the payment's one platform fee split over them.
 * @throws HttpError 400 a payment over {@link MAX_BOOKING_TOTAL_CENTS} or an amount that does not match
 */
async function holdPayment(
  tx: Database,
  hold: {
    space: SpaceRow;
    renterId: string;
    input: z.output<typeof checkoutRequestSchema>;
    kept: readonly QuotedOccurrence[];
    index: number;
    period: QuotedGroup['period'];
    standingId: string | undefined;
    first: boolean;
    /** Whether the first payment's amount must be the one asked (a series with nothing left out). */
    checkAmount: boolean;
    now: Date;
    timeZone: string;
  },
): Promise<BookingRow[]> {
  const { space, renterId, input, kept, index, period, standingId, now, timeZone } = hold;
  const totals = kept.map(({ quote }) => quote.totalCents);
  const totalCents = totals.reduce((sum, cents) => sum + cents, 0);
  if (totalCents > MAX_BOOKING_TOTAL_CENTS) {
    throw badRequest(`A booking can cost at most ${formatUsd(MAX_BOOKING_TOTAL_CENTS)}: choose fewer dates.`);
  }
  const firstPayment = index === 0;
  if (firstPayment && hold.checkAmount && input.amount !== undefined && toCents(input.amount) !== totalCents) {
    throw badRequest(`The amount does not match the price of these dates (${fromCents(totalCents)}).`);
  }
  // The fee rule counts a series, or a standing booking's period, as one booking (decision 011).
  const feeCents = platformFeeCents(totalCents, hold.first && firstPayment);
  const feeShares = splitCents(feeCents, totals);
  const later = period !== undefined && !firstPayment;
  const recurrence: Recurrence | null = !input.recurrence
    ? null
    : isStanding(input.recurrence)
      ? { weekdays: input.recurrence.weekdays, until: shiftDate(period!.end, -1) }
      : input.recurrence;
  const [series] = recurrence
    ? await tx
        .insert(bookingSeries)
        .values({
          spaceId: space.id,
          renterId,
          recurrence,
          totalPrice: fromCents(totalCents),
          platformFeeAmount: fromCents(feeCents),
          instantBook: later || space.instantBook,
          idempotencyKey: firstPayment ? (input.idempotencyKey ?? null) : null,
          standingBookingId: standingId ?? null,
          periodIndex: period?.index ?? null,
          nextChargeAt: later ? periodChargeAt(period!, timeZone) : null,
        })
        .returning({ id: bookingSeries.id })
    : [];
  // A later period is charged off-session, and its hold lasts until its last charge attempt (docs/decisions/041-standing-bookings.md).
  const holdExpiresAt = later ? standingHoldEndsAt(period!, timeZone) : new Date(now.getTime() + HOLD_MINUTES * MINUTE_MS);
  const rows = await tx
    .insert(bookings)
    .values(
      kept.map(({ quote }, position) => ({
        spaceId: space.id,
        renterId,
        seriesId: series?.id ?? null,
        ...quotedColumns({ ...quote, platformFeeCents: feeShares[position]! }),
        status: 'awaiting_payment' as const,
        // The owner answers a standing booking once, with its first period.
        instantBook: later || space.instantBook,
        cancellationPolicyTier: space.cancellationPolicyTier,
        requiresCheckIn: space.requiresCheckIn,
        bufferMinutes: bookingBufferMinutes({ period: space.pricePeriod, schedule: space.schedule }),
        holdExpiresAt,
        // A series' attempt is its series row's; one booking's, its own.
        idempotencyKey: series ? null : (input.idempotencyKey ?? null),
        notes: input.bookingDetails.notes || null,
      })),
    )
    .returning();
  return rows.sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.id.localeCompare(b.id));
}

/** What a checkout would charge for a booking or series, without holding anything: its space, each occurrence and the money, cents. */
export interface CheckoutPreview {
  space: SpaceRow;
  occurrences: { startAt: Date; endAt: Date; units: number; totalCents: number }[];
  series: boolean;
  totalCents: number;
  platformFeeCents: number;
}

/**
 * Quotes what checkout would charge `renterId` for `details` (with `recurrence`, every occurrence of
 * the series as asked, none left out), by the rules checkout quotes with, without checking the
 * schedule nor holding anything: the agreement preview of the booking dialog
 * (docs/decisions/027-receipts-and-agreements.md).
 * @throws HttpError 404 unknown space, 400 an unlisted or own space, bad dates or a recurrence that does not fit
 */
export async function previewCheckout(
  db: Database,
  spaceId: string,
  renterId: string,
  details: { startDate: string; endDate: string },
  recurrence: Recurrence | StandingRecurrence | undefined,
  now = new Date(),
): Promise<CheckoutPreview> {
  const space = await requireSpace(db, spaceId);
  const { groups, isFirstTransaction: first } = await quoteOccurrences(db, space, renterId, details, recurrence, now);
  // What is charged now: one payment's occurrences (a standing booking's first period).
  const quoted = groups[0]!.occurrences.map(({ quote }) => ({
    startAt: quote.startAt,
    endAt: quote.endAt,
    units: quote.units,
    totalCents: quote.totalCents,
  }));
  const totalCents = quoted.reduce((sum, occurrence) => sum + occurrence.totalCents, 0);
  return { space, occurrences: quoted, series: Boolean(recurrence), totalCents, platformFeeCents: platformFeeCents(totalCents, first) };
}

/** Intent statuses of a payment that is going through or has (Stripe's lifecycle): a hold with one is never released. */
const PAYMENT_UNDER_WAY = new Set(['processing', 'requires_capture', 'succeeded']);

/** Whether an expired booking is a hold that ended unpaid (lapsed or released): releasing it again has nothing to do. */
const isEndedHold = (booking: BookingRow) =>
  booking.status === 'expired' && ['none', 'requires_payment', 'canceled'].includes(booking.paymentStatus);

/**
 * DELETE /api/bookings/{id}/hold: the renter gives up a hold they have not paid (the payment dialog
 * closed), the whole payment's (a series' occurrences are held, and released, together), so it
 * stops counting towards their unpaid holds ({@link assertRoomForHold}) and its dates are free at
 * once. The holds move `awaiting_payment` -> `expired` through the state table, then the payment's
 * settler cancels its intent (`release-card-<payment id>`), recording payment status `canceled`.
 * A hold whose payment is going through or went through (`processing`, `requires_capture`,
 * `succeeded` at the provider) is not touched: 409, and settlement (POST /api/bookings, the
 * webhook) confirms it. Should the payment complete between that check and the release, the hold
 * has lapsed and its payment is given back, as for any lapsed hold. Releasing a hold that already
 * ended unpaid changes nothing and asks no provider.
 * @throws HttpError 403 not the booking's renter, 404 unknown booking, 409 not a hold waiting for payment (paid, authorised, confirmed, cancelled...)
 */
export async function releaseHold(db: Database, payments: PaymentProvider, id: string, userId: string): Promise<void> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!booking) throw notFound('Booking not found.');
  if (booking.renterId !== userId) throw forbidden('Only the renter can release this hold.');
  const paymentId = paymentIdOf(booking);
  const rows = await bookingsOfPayment(db, paymentId);
  if (rows.every(isEndedHold)) return;
  const notAHold = conflict('This booking is no longer waiting for payment, so there is no hold to release.');
  if (rows.some((row) => row.status !== 'awaiting_payment')) throw notAHold;
  const intentId = (await findPayment(db, paymentId))?.stripePaymentIntentId;
  const intent = intentId ? await payments.retrievePaymentIntent(intentId) : null;
  if (intent && PAYMENT_UNDER_WAY.has(intent.status)) {
    throw conflict('Your payment for this booking has already gone through, so the hold cannot be released. It is being confirmed.');
  }
  const released = await moveWholePayment(db, rows.length, (tx) =>
    moveBookings(tx, { paymentId }, 'awaiting_payment', 'expire', { holdExpiresAt: null }),
  );
  if (!released) {
    if ((await bookingsOfPayment(db, paymentId)).every(isEndedHold)) return;
    throw notAHold;
  }
  // Read afresh from the provider: cancels an unpaid intent, or gives back a payment that completed meanwhile.
  // A call that fails here is retried by the reconciliation job (expired, payment status still requires_payment).
  await settleMoney(db, payments, paymentId).catch(() => undefined);
}

/** A standing booking as its periods are held from: `standing_bookings` row. */
type StandingRow = typeof standingBookings.$inferSelect;

/**
 * Holds the billing periods of a standing booking that its horizon reaches and are not held yet
 * (the current and the next, `horizonPeriods`; docs/decisions/041-standing-bookings.md), each as a
 * series whose payment is charged later with the saved card, checked like a checkout's occurrences
 * under the space's lock. An occurrence that cannot be booked (a date the owner blocked, a booking
 * made meanwhile) is left out and not billed; none on or after `ends_on` is held.
 * @returns the periods looked at now: each one held (its series) or with nothing free (`seriesId` null),
 *   with the occurrences left out
 */
export async function holdDuePeriods(
  db: Database,
  standing: StandingRow,
  now = new Date(),
): Promise<{ seriesId: string | null; periodIndex: number; skipped: OccurrenceConflict[] }[]> {
  const space = await requireSpace(db, standing.spaceId);
  const timeZone = timeZoneForState(space.state);
  const schedule = {
    first: { startDate: standing.firstStartDate, endDate: standing.firstEndDate },
    weekdays: standing.weekdays,
    billing: standing.billing,
  };
  const through = horizonPeriods(standing.startedOn, standing.billing, localDate(now, timeZone));
  const existing = await db
    .select({ periodIndex: bookingSeries.periodIndex })
    .from(bookingSeries)
    .where(eq(bookingSeries.standingBookingId, standing.id));
  const done = new Set(existing.map((row) => row.periodIndex));
  const held: { seriesId: string | null; periodIndex: number; skipped: OccurrenceConflict[] }[] = [];
  for (let index = 0; index < through; index += 1) {
    if (done.has(index)) continue;
    const { period, occurrences } = periodOccurrences(space.pricePeriod, schedule, index);
    if (standing.endsOn && period.start >= standing.endsOn) break;
    const asked = occurrences
      .filter((occurrence) => !standing.endsOn || occurrence.startDate.slice(0, 10) < standing.endsOn)
      .map((occurrence) => ({
        ...occurrence,
        quote: quoteBooking({
          period: space.pricePeriod,
          unitPriceCents: toCents(space.pricePerDay),
          start: occurrence.startDate,
          end: occurrence.endDate,
          timeZone,
          isFirstTransaction: false,
        }),
      }))
      .filter((occurrence) => occurrence.quote.startAt > now);
    const result = await db.transaction(async (tx) => {
      await tx.select({ id: medicalSpaces.id }).from(medicalSpaces).where(eq(medicalSpaces.id, space.id)).for('no key update');
      await lapseStaleHolds(tx, space.id, now);
      const problems = await occurrenceProblems(tx, space, asked, now);
      const skipped = asked.flatMap((occurrence, position) =>
        problems[position] ? [{ startDate: occurrence.startDate, endDate: occurrence.endDate, reason: problems[position]! }] : [],
      );
      const kept = asked.filter((_, position) => !problems[position]);
      if (kept.length === 0) return { rows: [] as BookingRow[], skipped };
      const input = {
        spaceId: space.id,
        bookingDetails: schedule.first,
        recurrence: { weekdays: standing.weekdays, standing: true as const, billing: standing.billing },
      } as z.output<typeof checkoutRequestSchema>;
      const rows = await holdPayment(tx, {
        space,
        renterId: standing.renterId,
        input,
        kept,
        index,
        period: { index, ...period },
        standingId: standing.id,
        first: false,
        checkAmount: false,
        now,
        timeZone,
      });
      await refreshBookedDays(tx, rows);
      await recordOwnerPayout(tx, space.ownerId, paymentIdOf(rows[0]!), await ownerPayoutAccount(tx, space.ownerId));
      return { rows, skipped };
    });
    // A period with nothing free is looked at again next time; its dates left out are told once (dedupe key).
    if (result.rows[0]?.seriesId || result.skipped.length > 0) {
      held.push({ seriesId: result.rows[0]?.seriesId ?? null, periodIndex: index, skipped: result.skipped });
    }
  }
  return held;
}
