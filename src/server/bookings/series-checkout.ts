/**
 * Checkout of a recurring series (docs/decisions/026-booking-series.md), beside checkout.ts's of
 * one booking: every occurrence is quoted, checked and held in one transaction under the space's
 * lock, whole or not at all, and paid by one payment intent for the series' total and its one
 * platform fee. Settling that payment moves every occurrence together.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { bookingBufferMinutes, DATES_TAKEN, localDate, localDateTime } from '../../shared/availability';
import {
  assertNotInPast,
  BookingRuleError,
  bookedByTime,
  platformFeeCents,
  quoteBooking,
  type BookingQuote,
} from '../../shared/booking-rules';
import { AGREEMENT_VERSION, HOLD_MINUTES, MAX_BOOKING_TOTAL_CENTS, REQUEST_ANSWER_HOURS } from '../../shared/constants';
import { formatUsd, fromCents, splitCents, toCents } from '../../shared/money';
import { expandRecurrence, type Occurrence } from '../../shared/recurrence';
import type { CheckoutAnswer, checkoutRequestSchema, OccurrenceConflict, Recurrence } from '../../shared/schemas/booking-series';
import type { Booking, createBookingSchema } from '../../shared/schemas/bookings';
import { timeZoneForState } from '../../shared/time-zones';
import { SQLSTATE, sqlState, type Database } from '../db/client';
import { bookings, bookingSeries, medicalSpaces } from '../db/schema';
import { badRequest, conflict, notFound, paymentRequired } from '../http/errors';
import { expireBookingJob } from '../jobs/catalog';
import { assertInsuredThrough } from '../insurance/service';
import { enqueue } from '../jobs/queue';
import type { PaymentIntentInfo, PaymentProvider } from '../payments/provider';
import { findScheduleProblem } from '../schedules/service';
import { findSpaceRow } from '../spaces/service';
import { recordAgreementAcceptance, requireCurrentAgreement } from './agreement-acceptance';
import { toBooking, type SpaceRow } from './booking-row';
import { forgetAttempt, moveBookings } from './booking-writer';
import { movePayment } from '../payments/payment-writer';
import {
  cardColumns,
  createBookingHold,
  createPaidBooking,
  lapseStaleHolds,
  ownerPayoutAccount,
  quoteForRenter,
  recordOwnerPayout,
} from './checkout';
import { isFirstTransaction } from './first-booking';
import { assertRoomForHold } from './hold-limits';
import { tellSeriesStep } from './notices';
import { moveWholePayment } from './payment-bookings';
import { findSeries, seriesOccurrences, seriesOfIntent, type SeriesRow } from './series';
import { settleMoney } from './settlement';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** An occurrence quoted: its dates as asked and its quote. */
interface QuotedOccurrence extends Occurrence {
  quote: BookingQuote;
}

/** The 409 of a series with occurrences that cannot be booked. */
const SERIES_CONFLICT = 'Some of these dates cannot be booked. Choose other dates, or book only the free ones.';

/**
 * Quotes each occurrence of a series of `space`, as one booking each with no fee (the fee is the
 * series'; docs/decisions/011-platform-fee-on-a-first-booking.md).
 * @throws HttpError 400 for a monthly space, bad dates, a first occurrence in the past, or a recurrence that does not fit
 */
function quoteOccurrences(space: SpaceRow, first: Occurrence, recurrence: Recurrence, now: Date): QuotedOccurrence[] {
  const timeZone = timeZoneForState(space.state);
  try {
    const occurrences = expandRecurrence(space.pricePeriod, first, recurrence);
    const quoted = occurrences.map((occurrence) => ({
      ...occurrence,
      quote: quoteBooking({
        period: space.pricePeriod,
        unitPriceCents: toCents(space.pricePerDay),
        start: occurrence.startDate,
        end: occurrence.endDate,
        timeZone,
        isFirstTransaction: false,
      }),
    }));
    assertNotInPast(space.pricePeriod, quoted[0]!.quote.startAt, now, timeZone);
    return quoted;
  } catch (error) {
    if (error instanceof BookingRuleError) throw badRequest(error.message);
    throw error;
  }
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

/** The answer of checkout for a held series and its payment intent. */
function seriesAnswer(
  series: SeriesRow,
  held: readonly ReturnType<typeof shown>[],
  intent: PaymentIntentInfo,
  ownerConnected: boolean,
  first: boolean,
  skipped: OccurrenceConflict[],
): CheckoutAnswer {
  return {
    bookingId: held[0]!.id,
    holdExpiresAt: held[0]!.holdExpiresAt!.toISOString(),
    instantBook: series.instantBook,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amount: series.totalPrice,
    platformFeeAmount: series.platformFeeAmount,
    ownerConnected,
    isFirstTransaction: first,
    units: held.reduce((sum, row) => sum + (row.units ?? 0), 0),
    seriesId: series.id,
    occurrences: held.map((row) => ({ bookingId: row.id, startDate: row.startDate, endDate: row.endDate })),
    skipped,
  };
}

/**
 * Lets go of what an earlier call of the same booking attempt (`idempotencyKey`) held, a single
 * hold or a series: its holds expire (the reconciliation job cancels their intent) and the key is
 * freed for this call.
 * @throws HttpError 409 when that attempt has already been paid
 */
async function releaseEarlierAttempt(db: Database, renterId: string, key: string): Promise<void> {
  const paid = conflict('This booking attempt has already been paid. Please start a new booking.');
  const [single] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.renterId, renterId), eq(bookings.idempotencyKey, key)))
    .limit(1);
  if (single) {
    if (single.status !== 'awaiting_payment' && single.status !== 'expired') throw paid;
    await forgetAttempt(db, single);
  }
  await releaseEarlierSeries(db, renterId, key);
}

/**
 * POST /api/create-booking-payment-intent with `recurrence` (docs/decisions/026-booking-series.md):
 * quotes every occurrence, checks and holds them all in one transaction under the space's lock, and
 * creates one payment intent for the series' total and its one platform fee (the fee rule counts
 * the series as one booking). One occurrence that cannot be booked refuses the series with 409 and
 * `conflicts` listing each; with `skipConflicts` those are left out and answered in `skipped`.
 * Asking again for the same attempt (`idempotencyKey`) and occurrences returns the same series.
 * Without `recurrence`, the single booking's checkout ({@link createBookingHold}). Either way the
 * renter accepts the space-use agreement (`agreementVersion`, the template in force), recorded with
 * the hold (docs/decisions/027-receipts-and-agreements.md).
 * @throws HttpError 400 bad dates, recurrence or amount (or an `agreementVersion` that is no version, by the schema), 404 unknown space,
 * 409 an agreement version that is no longer in force, 409 occurrences that cannot be booked (with `conflicts`)
 *   or no certificate of insurance valid through the last occurrence on a listing that requires one, 429 too many unpaid holds
 */
export async function createCheckout(
  db: Database,
  payments: PaymentProvider,
  renterId: string,
  input: z.output<typeof checkoutRequestSchema>,
  now = new Date(),
): Promise<CheckoutAnswer> {
  requireCurrentAgreement(input.agreementVersion ?? AGREEMENT_VERSION);
  if (!input.recurrence) {
    if (input.idempotencyKey) await releaseEarlierSeries(db, renterId, input.idempotencyKey);
    return createBookingHold(db, payments, renterId, input, now);
  }
  const space = await findSpaceRow(db, input.spaceId);
  if (!space) throw notFound('Space not found.');
  if (!space.active) throw badRequest('This space is not available for booking.');
  if (space.ownerId === renterId) throw badRequest('You cannot book your own space.');
  const quoted = quoteOccurrences(space, input.bookingDetails, input.recurrence, now);
  const first = await isFirstTransaction(db, renterId, space.ownerId);
  const destination = await ownerPayoutAccount(db, space.ownerId);
  const timeZone = timeZoneForState(space.state);

  // The same attempt asked again: the same series while its hold stands and its occurrences are the same.
  if (input.idempotencyKey) {
    const [previous] = await db
      .select()
      .from(bookingSeries)
      .where(and(eq(bookingSeries.renterId, renterId), eq(bookingSeries.idempotencyKey, input.idempotencyKey)))
      .limit(1);
    if (previous && previous.spaceId === space.id) {
      const held = await seriesOccurrences(db, previous.id);
      const same =
        held.every((row) => row.status === 'awaiting_payment' && row.holdExpiresAt && row.holdExpiresAt > now) &&
        held.every((row) => quoted.some((occurrence) => occurrence.quote.startAt.getTime() === row.startAt.getTime()));
      if (same && held.length > 0 && previous.stripePaymentIntentId) {
        const intent = await payments.retrievePaymentIntent(previous.stripePaymentIntentId);
        if (intent)
          return seriesAnswer(
            previous,
            held.map((row) => shown(row, space, timeZone)),
            intent,
            destination !== null,
            first,
            [],
          );
      }
    }
    await releaseEarlierAttempt(db, renterId, input.idempotencyKey);
  }

  let held: { series: SeriesRow; rows: (typeof bookings.$inferSelect)[]; skipped: OccurrenceConflict[] };
  try {
    held = await db.transaction(async (tx) => {
      await assertRoomForHold(tx, renterId, now); // a series is one hold (hold-limits.ts)
      await tx.select({ id: medicalSpaces.id }).from(medicalSpaces).where(eq(medicalSpaces.id, space.id)).for('no key update');
      await lapseStaleHolds(tx, space.id, now);
      const problems = await occurrenceProblems(tx, space, quoted, now);
      const conflicts: OccurrenceConflict[] = quoted.flatMap((occurrence, index) =>
        problems[index] ? [{ startDate: occurrence.startDate, endDate: occurrence.endDate, reason: problems[index]! }] : [],
      );
      const free = quoted.filter((_, index) => !problems[index]);
      if (free.length === 0 || (conflicts.length > 0 && !input.skipConflicts)) throw conflict(SERIES_CONFLICT, conflicts);
      // "Require proof of insurance": a certificate valid through the last occurrence held (409; insurance/service.ts).
      const lastEnd = Math.max(...free.map((occurrence) => occurrence.quote.endAt.getTime()));
      await assertInsuredThrough(tx, space, renterId, new Date(lastEnd));

      const totals = free.map((occurrence) => occurrence.quote.totalCents);
      const totalCents = totals.reduce((sum, cents) => sum + cents, 0);
      if (totalCents > MAX_BOOKING_TOTAL_CENTS) {
        throw badRequest(`A booking can cost at most ${formatUsd(MAX_BOOKING_TOTAL_CENTS)}: choose fewer dates.`);
      }
      if (input.amount !== undefined && toCents(input.amount) !== totalCents && conflicts.length === 0) {
        throw badRequest(`The amount does not match the price of these dates (${fromCents(totalCents)}).`);
      }
      const feeCents = platformFeeCents(totalCents, first);
      const feeShares = splitCents(feeCents, totals);
      const [series] = await tx
        .insert(bookingSeries)
        .values({
          spaceId: space.id,
          renterId,
          recurrence: input.recurrence!,
          totalPrice: fromCents(totalCents),
          platformFeeAmount: fromCents(feeCents),
          instantBook: space.instantBook,
          idempotencyKey: input.idempotencyKey ?? null,
        })
        .returning();
      const holdExpiresAt = new Date(now.getTime() + HOLD_MINUTES * MINUTE_MS);
      const rows = await tx
        .insert(bookings)
        .values(
          free.map((occurrence, index) => ({
            spaceId: space.id,
            renterId,
            seriesId: series!.id,
            startAt: occurrence.quote.startAt,
            endAt: occurrence.quote.endAt,
            units: occurrence.quote.units,
            totalPrice: fromCents(occurrence.quote.totalCents),
            platformFeeAmount: fromCents(feeShares[index]!),
            status: 'awaiting_payment' as const,
            instantBook: space.instantBook,
            cancellationPolicyTier: space.cancellationPolicyTier,
            bufferMinutes: bookingBufferMinutes({ period: space.pricePeriod, schedule: space.schedule }),
            holdExpiresAt,
            notes: input.bookingDetails.notes || null,
          })),
        )
        .returning();
      rows.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
      // The renter's clickwrap, on every occurrence: the agreement of the whole series as held.
      await recordAgreementAcceptance(tx, rows[0]!.id, now);
      await recordOwnerPayout(tx, space.ownerId, { seriesId: series!.id }, destination);
      return { series: series!, rows, skipped: conflicts };
    });
  } catch (error) {
    if (sqlState(error) === SQLSTATE.exclusionViolation) throw conflict(DATES_TAKEN);
    if (sqlState(error) === SQLSTATE.uniqueViolation) throw conflict('This booking attempt is already being paid. Please wait a moment.');
    throw error;
  }

  let intent: PaymentIntentInfo;
  try {
    intent = await payments.createPaymentIntent({
      amount: toCents(held.series.totalPrice),
      applicationFeeAmount: toCents(held.series.platformFeeAmount),
      destination,
      captureMethod: held.series.instantBook ? 'automatic' : 'manual',
      metadata: { kind: 'booking_series', seriesId: held.series.id, spaceId: space.id, renterId, ownerId: space.ownerId },
      idempotencyKey: `booking-series-hold-${held.series.id}`,
      description: `ClinicShare booking series (${held.rows.length}): ${space.title}`,
    });
  } catch (error) {
    await moveBookings(db, { seriesId: held.series.id }, 'awaiting_payment', 'expire', { holdExpiresAt: null });
    throw error;
  }
  await movePayment(db, { seriesId: held.series.id }, 'open', { stripePaymentIntentId: intent.id });
  const rows = held.rows.map((row) => shown(row, space, timeZone));
  return seriesAnswer({ ...held.series, stripePaymentIntentId: intent.id }, rows, intent, destination !== null, first, held.skipped);
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
  recurrence: Recurrence | undefined,
  now = new Date(),
): Promise<CheckoutPreview> {
  const space = await findSpaceRow(db, spaceId);
  if (!space) throw notFound('Space not found.');
  if (!recurrence) {
    const quote = await quoteForRenter(db, space, renterId, details);
    const occurrence = { startAt: quote.startAt, endAt: quote.endAt, units: quote.units, totalCents: quote.totalCents };
    return { space, occurrences: [occurrence], series: false, totalCents: quote.totalCents, platformFeeCents: quote.platformFeeCents };
  }
  if (!space.active) throw badRequest('This space is not available for booking.');
  if (space.ownerId === renterId) throw badRequest('You cannot book your own space.');
  const occurrences = quoteOccurrences(space, details, recurrence, now).map(({ quote }) => ({
    startAt: quote.startAt,
    endAt: quote.endAt,
    units: quote.units,
    totalCents: quote.totalCents,
  }));
  const totalCents = occurrences.reduce((sum, occurrence) => sum + occurrence.totalCents, 0);
  const first = await isFirstTransaction(db, renterId, space.ownerId);
  return { space, occurrences, series: true, totalCents, platformFeeCents: platformFeeCents(totalCents, first) };
}

/** An occurrence's dates in the booking format of its space (local `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`; the end exclusive, as asked). */
function shown(row: typeof bookings.$inferSelect, space: SpaceRow, timeZone: string) {
  const local = (instant: Date) => (bookedByTime(space.pricePeriod) ? localDateTime(instant, timeZone) : localDate(instant, timeZone));
  return { id: row.id, startDate: local(row.startAt), endDate: local(row.endAt), units: row.units, holdExpiresAt: row.holdExpiresAt };
}

/** A single checkout after a series of the same attempt: the series' holds let go. */
async function releaseEarlierSeries(db: Database, renterId: string, key: string): Promise<void> {
  const [series] = await db
    .select({ id: bookingSeries.id })
    .from(bookingSeries)
    .where(and(eq(bookingSeries.renterId, renterId), eq(bookingSeries.idempotencyKey, key)))
    .limit(1);
  if (!series) return;
  const occurrences = await seriesOccurrences(db, series.id);
  if (occurrences.some((row) => row.status !== 'awaiting_payment' && row.status !== 'expired')) {
    throw conflict('This booking attempt has already been paid. Please start a new booking.');
  }
  await moveBookings(db, { seriesId: series.id }, 'awaiting_payment', 'expire', { holdExpiresAt: null });
  await db.update(bookingSeries).set({ idempotencyKey: null }).where(eq(bookingSeries.id, series.id));
}

/** Whether a payment intent is the one made for `series`: its id, amount and currency. */
function intentMatchesSeries(intent: PaymentIntentInfo, series: SeriesRow): boolean {
  return intent.metadata.seriesId === series.id && intent.amount === toCents(series.totalPrice) && intent.currency === 'usd';
}

/**
 * Moves a series on once its payment is verified with the provider (as `settlePayment` does one
 * booking): a succeeded payment confirms every occurrence, an authorised card makes the series one
 * pending request. A series already settled is returned unchanged. A payment that completes after
 * the series' hold lapsed is given back in full; a series whose money was decided (declined,
 * expired request, cancelled) is answered 409 and no money moves.
 * @returns the occurrences now, earliest first, and whether this call moved them
 * @throws HttpError 400 when the intent is not this series', 402 not paid or authorised, 409 the series is not going ahead
 */
export async function settleSeriesPayment(
  db: Database,
  payments: PaymentProvider,
  series: SeriesRow,
  intent: PaymentIntentInfo,
  now = new Date(),
): Promise<{ occurrences: (typeof bookings.$inferSelect)[]; settled: boolean }> {
  if (!intentMatchesSeries(intent, series)) throw badRequest('The payment does not match this booking.');
  const occurrences = await seriesOccurrences(db, series.id);
  if (occurrences.some((row) => ['confirmed', 'pending', 'cancelled'].includes(row.status))) {
    return { occurrences, settled: false };
  }
  if (occurrences.some((row) => row.status === 'declined'))
    throw conflict('The owner declined this booking request and the card authorisation was released. Please start a new booking.');
  const paid = intent.status === 'succeeded';
  const authorised = intent.status === 'requires_capture';
  const waiting = occurrences.length > 0 && occurrences.every((row) => row.status === 'awaiting_payment');
  if (waiting && !paid && !authorised) throw paymentRequired('The payment has not been completed.');
  if (waiting) {
    // All of the series or none of it: a sweep that expired the hold meanwhile wins.
    const moved = await moveWholePayment(db, occurrences.length, async (tx) => {
      const payment = { payment: paid ? ('capture' as const) : ('authorize' as const), paymentChanges: cardColumns(intent) };
      const rows = paid
        ? await moveBookings(tx, { seriesId: series.id }, 'awaiting_payment', 'pay', { holdExpiresAt: null }, payment)
        : await moveBookings(
            tx,
            { seriesId: series.id },
            'awaiting_payment',
            'authorize',
            {
              holdExpiresAt: null,
              requestExpiresAt: new Date(Math.min(now.getTime() + REQUEST_ANSWER_HOURS * HOUR_MS, occurrences[0]!.startAt.getTime())),
            },
            payment,
          );
      if (rows.length !== occurrences.length) return rows;
      await tellSeriesStep(tx, paid ? 'confirmed' : 'requested', rows, now);
      if (!paid) await enqueue(tx, expireBookingJob, { bookingId: rows[0]!.id }, { startAfter: rows[0]!.requestExpiresAt! });
      return rows;
    });
    if (moved) return { occurrences: moved, settled: true };
    const again = await findSeries(db, series.id);
    return settleSeriesPayment(db, payments, again!, intent, now);
  }
  // The hold lapsed before the payment completed: nothing is booked, so nothing is kept.
  if (paid || authorised) await settleMoney(db, payments, series.id, now);
  if (!paid && !authorised) throw paymentRequired('The payment has not been completed.');
  throw conflict('Your hold on these dates expired before the payment completed. Your payment has been returned; please book again.');
}

/**
 * POST /api/bookings: settles the payment of a series (answering its first occurrence) or, for a
 * single booking's payment, `createPaidBooking`.
 * @throws HttpError as `createPaidBooking`
 */
export async function createPaid(
  db: Database,
  payments: PaymentProvider,
  renterId: string,
  input: z.output<typeof createBookingSchema>,
): Promise<{ booking: Booking; created: boolean }> {
  const series = await seriesOfIntent(db, input.paymentIntentId);
  if (!series) return createPaidBooking(db, payments, renterId, input);
  const space = await findSpaceRow(db, input.spaceId);
  if (!space) throw notFound('Space not found.');
  if (series.renterId !== renterId || series.spaceId !== space.id) throw badRequest('This payment belongs to another booking.');
  if (toCents(input.totalPrice) !== toCents(series.totalPrice)) {
    throw badRequest(`The total does not match the price of these dates (${series.totalPrice}).`);
  }
  const intent = await payments.retrievePaymentIntent(input.paymentIntentId);
  if (!intent) throw paymentRequired('Payment not found. Please pay before booking.');
  const { occurrences, settled } = await settleSeriesPayment(db, payments, series, intent);
  return { booking: toBooking(occurrences[0]!, space), created: settled };
}
