/**
 * Bookings and their payment (DESIGN decisions 3, 5 and 6; SPEC section 4):
 * the server quotes every booking itself, creates the payment intent for
 * that amount, and confirms a booking only after verifying that the payment
 * succeeded for exactly that space, renter, range and amount. The database's
 * exclusion constraint makes overlapping bookings impossible.
 */
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertNotInPast, quoteBooking, BookingRuleError, type BookingQuote } from '../../shared/booking-rules';
import { BLOCKING_BOOKING_STATUSES } from '../../shared/constants';
import { fromCents, toCents } from '../../shared/money';
import type { Booking, BookingPaymentIntent, createBookingPaymentIntentSchema, createBookingSchema } from '../../shared/schemas';
import { timeZoneForState } from '../../shared/time-zones';
import { SQLSTATE, sqlState, type Database } from '../db/client';
import { bookings, medicalSpaces, users } from '../db/schema';
import { badRequest, conflict, notFound, paymentRequired } from '../http/errors';
import type { PaymentProvider } from '../payments/provider';
import { findSpaceRow } from '../spaces/service';

type SpaceRow = typeof medicalSpaces.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;

const DATES_TAKEN = 'These dates are already booked. Please choose other dates.';

/**
 * Whether `renterId` has no confirmed booking yet with the owner of any of
 * `ownerId`'s spaces: the first one carries the platform fee (SPEC section 9).
 */
export async function isFirstTransaction(db: Database, renterId: string, ownerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(and(eq(bookings.renterId, renterId), eq(medicalSpaces.ownerId, ownerId), eq(bookings.status, 'confirmed')))
    .limit(1);
  return !row;
}

/** Whether a pending or confirmed booking of the space overlaps [startAt, endAt). */
async function overlapsExisting(db: Database, spaceId: string, startAt: Date, endAt: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.spaceId, spaceId),
        inArray(bookings.status, [...BLOCKING_BOOKING_STATUSES]),
        lt(bookings.startAt, endAt),
        gt(bookings.endAt, startAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Quotes a booking of `space` by `renterId` and checks it can be made.
 * @throws HttpError 400 for bad dates, an own space or dates outside availability; 409 when the dates are taken
 */
export async function quoteForRenter(
  db: Database,
  space: SpaceRow,
  renterId: string,
  dates: { startDate: string; endDate: string },
  options: { checkOverlap?: boolean } = {},
): Promise<BookingQuote & { isFirstTransaction: boolean }> {
  if (!space.active) throw badRequest('This space is not available for booking.');
  if (space.ownerId === renterId) throw badRequest('You cannot book your own space.');
  const first = await isFirstTransaction(db, renterId, space.ownerId);
  const timeZone = timeZoneForState(space.state);
  let quote: BookingQuote;
  try {
    quote = quoteBooking({
      period: space.pricePeriod,
      unitPriceCents: toCents(space.pricePerDay),
      start: dates.startDate,
      end: dates.endDate,
      timeZone,
      isFirstTransaction: first,
    });
    assertNotInPast(space.pricePeriod, quote.startAt, new Date(), timeZone);
  } catch (error) {
    if (error instanceof BookingRuleError) throw badRequest(error.message);
    throw error;
  }
  if (space.availableFrom && quote.startAt < space.availableFrom) throw badRequest('This space is not available that early.');
  if (space.availableTo && quote.endAt > space.availableTo) throw badRequest('This space is not available that late.');
  if (options.checkOverlap !== false && (await overlapsExisting(db, space.id, quote.startAt, quote.endAt))) throw conflict(DATES_TAKEN);
  return { ...quote, isFirstTransaction: first };
}

async function requireSpace(db: Database, spaceId: string): Promise<SpaceRow> {
  const space = await findSpaceRow(db, spaceId);
  if (!space) throw notFound('Space not found.');
  return space;
}

/** Whether the owner can receive payouts through a connected account. */
async function ownerConnectedAccount(db: Database, ownerId: string): Promise<string | null> {
  const [owner] = await db
    .select({ account: users.stripeConnectAccountId, completed: users.stripeOnboardingCompleted })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  return owner?.account && owner.completed ? owner.account : null;
}

/**
 * POST /api/create-booking-payment-intent: quotes the booking and creates a
 * payment intent for its total (idempotent per `idempotencyKey`).
 * @throws HttpError 400 bad dates or an amount that disagrees with the quote, 404 unknown space, 409 dates taken
 */
export async function createBookingPaymentIntent(
  db: Database,
  payments: PaymentProvider,
  renterId: string,
  input: z.output<typeof createBookingPaymentIntentSchema>,
): Promise<BookingPaymentIntent> {
  const space = await requireSpace(db, input.spaceId);
  const quote = await quoteForRenter(db, space, renterId, input.bookingDetails);
  if (input.amount !== undefined && toCents(input.amount) !== quote.totalCents) {
    throw badRequest(`The amount does not match the price of these dates (${fromCents(quote.totalCents)}).`);
  }
  const destination = await ownerConnectedAccount(db, space.ownerId);
  const intent = await payments.createPaymentIntent({
    amount: quote.totalCents,
    applicationFeeAmount: quote.platformFeeCents,
    destination,
    metadata: {
      spaceId: space.id,
      renterId,
      startAt: quote.startAt.toISOString(),
      endAt: quote.endAt.toISOString(),
      totalCents: String(quote.totalCents),
    },
    idempotencyKey: input.idempotencyKey ? `${renterId}:${input.idempotencyKey}` : undefined,
  });
  return {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amount: fromCents(quote.totalCents),
    platformFeeAmount: fromCents(quote.platformFeeCents),
    ownerConnected: destination !== null,
    isFirstTransaction: quote.isFirstTransaction,
    units: quote.units,
  };
}

/** Public shape of a booking row; instants ISO-8601 UTC. */
export function toBooking(row: BookingRow, space?: Pick<SpaceRow, 'title' | 'city' | 'state' | 'pricePeriod'>): Booking {
  return {
    id: row.id,
    spaceId: row.spaceId,
    renterId: row.renterId,
    startDate: row.startAt.toISOString(),
    endDate: row.endAt.toISOString(),
    totalPrice: row.totalPrice,
    platformFeeAmount: row.platformFeeAmount,
    stripePaymentIntentId: row.stripePaymentIntentId,
    status: row.status,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    ...(space
      ? { space: { title: space.title, city: space.city, state: space.state, pricePeriod: space.pricePeriod, timeZone: timeZoneForState(space.state) } }
      : {}),
  };
}

/**
 * POST /api/bookings: makes a confirmed booking after verifying its payment
 * with the provider (never on the client's word). Retrying with the same
 * payment intent returns the booking already made. When the dates were
 * taken in the meantime the payment is refunded and nothing is booked.
 * @throws HttpError 400 bad input or a payment for something else, 402 payment not completed, 404 unknown space, 409 dates taken
 */
export async function createPaidBooking(
  db: Database,
  payments: PaymentProvider,
  renterId: string,
  input: z.output<typeof createBookingSchema>,
): Promise<{ booking: Booking; created: boolean }> {
  const space = await requireSpace(db, input.spaceId);

  const [existing] = await db.select().from(bookings).where(eq(bookings.stripePaymentIntentId, input.paymentIntentId)).limit(1);
  if (existing) {
    if (existing.renterId !== renterId || existing.spaceId !== space.id) throw badRequest('This payment belongs to another booking.');
    return { booking: toBooking(existing, space), created: false };
  }

  // No overlap pre-check here: the exclusion constraint decides, so a paid loser of a race is refunded below.
  const quote = await quoteForRenter(db, space, renterId, input, { checkOverlap: false });
  if (toCents(input.totalPrice) !== quote.totalCents) {
    throw badRequest(`The total does not match the price of these dates (${fromCents(quote.totalCents)}).`);
  }

  const intent = await payments.retrievePaymentIntent(input.paymentIntentId);
  if (!intent) throw paymentRequired('Payment not found. Please pay before booking.');
  const matches =
    intent.metadata.spaceId === space.id &&
    intent.metadata.renterId === renterId &&
    intent.metadata.startAt === quote.startAt.toISOString() &&
    intent.metadata.endAt === quote.endAt.toISOString() &&
    intent.amount === quote.totalCents &&
    intent.currency === 'usd';
  if (!matches) throw badRequest('The payment does not match this booking.');
  if (intent.status !== 'succeeded') throw paymentRequired('The payment has not been completed.');

  try {
    const [row] = await db
      .insert(bookings)
      .values({
        spaceId: space.id,
        renterId,
        startAt: quote.startAt,
        endAt: quote.endAt,
        totalPrice: fromCents(quote.totalCents),
        // Re-checked at confirmation (DESIGN decision 5): the quote above is computed now.
        platformFeeAmount: fromCents(quote.platformFeeCents),
        stripePaymentIntentId: intent.id,
        status: 'confirmed',
        notes: input.notes || null,
      })
      .returning();
    return { booking: toBooking(row!, space), created: true };
  } catch (error) {
    const state = sqlState(error);
    if (state === SQLSTATE.exclusionViolation) {
      await payments.refundPaymentIntent(intent.id);
      throw conflict('These dates were just booked by someone else. Your payment has been refunded.');
    }
    if (state === SQLSTATE.uniqueViolation) {
      // A concurrent retry with the same payment intent won the race.
      const [again] = await db.select().from(bookings).where(eq(bookings.stripePaymentIntentId, intent.id)).limit(1);
      if (again && again.renterId === renterId) return { booking: toBooking(again, space), created: false };
    }
    throw error;
  }
}

/** A renter's bookings with their space, newest start first. */
export async function listRenterBookings(db: Database, renterId: string): Promise<Booking[]> {
  const rows = await db
    .select({
      booking: bookings,
      space: { title: medicalSpaces.title, city: medicalSpaces.city, state: medicalSpaces.state, pricePeriod: medicalSpaces.pricePeriod },
    })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(eq(bookings.renterId, renterId))
    .orderBy(desc(bookings.startAt), sql`${bookings.id}`);
  return rows.map((row) => toBooking(row.booking, row.space));
}
