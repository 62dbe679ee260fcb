/**
 * The demo renter's running weekly series (docs/decisions/026-booking-series.md): Taylor
 * Brooks, a therapist, rents a consult room every Tuesday and Thursday morning, from four weeks
 * before the seed until the day before the days the browser tests book demo spaces
 * ({@link BROWSER_TEST_DAYS}): some bookings have taken place, some are to come. One `booking_series` row
 * holds the one paid demo payment intent, the whole total and the platform fee (the series is the
 * renter's first booking with that owner, so it carries the 10% fee, counted once); each occurrence
 * is a confirmed, paid `bookings` row with its share of the total and of the fee (`splitCents`, as
 * checkout splits a series' fee, so the shares add up to the cent).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { bookingBufferMinutes, localDate, shiftDate, weekdayOf } from '../../shared/availability';
import { platformFeeCents, quoteBooking, type BookingQuote } from '../../shared/booking-rules';
import { fromCents, splitCents, toCents } from '../../shared/money';
import { expandRecurrence } from '../../shared/recurrence';
import type { Recurrence } from '../../shared/schemas/booking-series';
import { timeZoneForState } from '../../shared/time-zones';
import { recordAgreementAcceptance } from '../bookings/agreement-acceptance';
import { recordOwnerPayout } from '../bookings/checkout';
import { writeBookingNotices } from '../bookings/notices';
import type { Database } from '../db/client';
import { bookings, bookingSeries, demoPaymentIntents, payments } from '../db/schema';
import { BROWSER_TEST_DAYS } from './demo-activity';
import type { DemoSpace } from './demo-data';

/** The weekdays the demo renter's series repeats on. */
export const DEMO_SERIES_WEEKDAYS: Recurrence['weekdays'] = ['tue', 'thu'];
/** How many days before the seed the series began (its first Tuesday or Thursday is on or after that day). */
export const DEMO_SERIES_STARTED_DAYS_AGO = 28;
/** Its last day, in days after the seed: clear of the days the browser tests book. */
export const DEMO_SERIES_LAST_DAY = BROWSER_TEST_DAYS.from - 2;

type SeriesSpace = Pick<DemoSpace, 'ownerKey' | 'title' | 'pricePeriod' | 'schedule' | 'closedForHolidays' | 'spaceType'>;

/**
 * The demo space the series books: a session-priced consult or therapy room (any session room
 * when there is none) with a Morning session, open Tuesdays and Thursdays, that never closes for
 * the holidays and that neither documented account owns (the renter's other bookings are with
 * those owners; the owner's rooms are the browser tests'). Null when the demo has none (a tiny
 * benchmark seed).
 */
export function chooseSeriesSpace<T extends SeriesSpace>(spaces: readonly T[]): T | null {
  const fits = (space: T) =>
    space.pricePeriod === 'session' &&
    space.ownerKey !== 'owner' &&
    space.ownerKey !== 'renter' &&
    !space.closedForHolidays &&
    space.schedule?.sessions.some((session) => session.name === 'Morning') === true &&
    DEMO_SERIES_WEEKDAYS.every((day) => (space.schedule?.weeklyHours?.[day]?.length ?? 0) > 0);
  const consult = (space: T) => space.spaceType === 'Consultation Room' || /therapy|counsel|consult/i.test(space.title);
  return spaces.find((space) => fits(space) && consult(space)) ?? spaces.find(fits) ?? null;
}

/**
 * Inserts the demo renter's series on the space {@link chooseSeriesSpace} picks, dated from `now`
 * in the space's time zone: the paid demo payment intent, the `booking_series` row and its
 * confirmed occurrences (the past ones too, as bookings that took place).
 * @param context.spaceIds the seeded spaces' ids by title; `userIds` the demo users' ids by key
 * @returns the series' id, or null when no demo space fits
 */
export async function insertDemoSeries(
  db: Database,
  spaces: readonly (SeriesSpace & { state: string; pricePerDay: string })[],
  context: { userIds: Map<string, string>; spaceIds: Map<string, string>; now: Date },
): Promise<string | null> {
  const space = chooseSeriesSpace(spaces);
  const renterId = context.userIds.get('renter');
  const ownerId = context.userIds.get(space?.ownerKey ?? '');
  const spaceId = context.spaceIds.get(space?.title ?? '');
  if (!space || !renterId || !ownerId || !spaceId) return null;
  const morning = space.schedule!.sessions.find((session) => session.name === 'Morning')!;
  const timeZone = timeZoneForState(space.state);

  const today = localDate(context.now, timeZone);
  let firstDate = shiftDate(today, -DEMO_SERIES_STARTED_DAYS_AGO);
  while (!DEMO_SERIES_WEEKDAYS.includes(weekdayOf(firstDate))) firstDate = shiftDate(firstDate, 1);
  const recurrence: Recurrence = { weekdays: DEMO_SERIES_WEEKDAYS, until: shiftDate(today, DEMO_SERIES_LAST_DAY) };
  const occurrences = expandRecurrence(
    'session',
    { startDate: `${firstDate}T${morning.start}`, endDate: `${firstDate}T${morning.end}` },
    recurrence,
  );
  const quotes: BookingQuote[] = occurrences.map((occurrence) =>
    quoteBooking({
      period: 'session',
      unitPriceCents: toCents(space.pricePerDay),
      start: occurrence.startDate,
      end: occurrence.endDate,
      timeZone,
      isFirstTransaction: false,
    }),
  );
  const totalCents = quotes.reduce((sum, quote) => sum + quote.totalCents, 0);
  // The platform fee rule counts the series as one booking: the renter's first with this owner.
  const feeCents = platformFeeCents(totalCents, true);
  const feeShares = splitCents(
    feeCents,
    quotes.map((quote) => quote.totalCents),
  );

  const seriesId = randomUUID();
  const intentId = `pi_demo_seed_${randomBytes(10).toString('hex')}`;
  const createdAt = new Date(context.now.getTime() - (DEMO_SERIES_STARTED_DAYS_AGO + 2) * 86_400_000);
  await db.insert(demoPaymentIntents).values({
    id: intentId,
    clientSecret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
    amount: totalCents,
    applicationFeeAmount: 0,
    captureMethod: 'automatic',
    status: 'succeeded',
    metadata: { kind: 'booking_series', seriesId, spaceId, renterId, ownerId },
    cardBrand: 'visa',
    cardLast4: '4242',
    createdAt,
  });
  // The series' payment, made with the demo card (inserted first, so the series' own trigger finds it made).
  await db.insert(payments).values({
    id: seriesId,
    stripePaymentIntentId: intentId,
    amount: fromCents(totalCents),
    platformFeeAmount: fromCents(feeCents),
    status: 'paid',
    cardBrand: 'visa',
    cardLast4: '4242',
    createdAt,
  });
  await db.insert(bookingSeries).values({
    id: seriesId,
    spaceId,
    renterId,
    recurrence,
    totalPrice: fromCents(totalCents),
    platformFeeAmount: fromCents(feeCents),
    instantBook: true,
    createdAt,
  });

  // Charged on the platform (no destination): owed to the owner until their payout setup is finished (docs/decisions/033-owed-payouts.md).
  await recordOwnerPayout(db, ownerId, seriesId, null);
  const rows = await db
    .insert(bookings)
    .values(
      quotes.map((quote, index) => ({
        spaceId,
        renterId,
        seriesId,
        startAt: quote.startAt,
        endAt: quote.endAt,
        units: quote.units,
        totalPrice: fromCents(quote.totalCents),
        platformFeeAmount: fromCents(feeShares[index]!),
        bufferMinutes: bookingBufferMinutes({ period: 'session', schedule: space.schedule }),
        status: 'confirmed' as const,
        instantBook: true,
        paymentStatus: 'paid' as const,
        notes: index === 0 ? 'Tuesday and Thursday mornings for my therapy clients.' : null,
        createdAt,
      })),
    )
    .returning();
  // The series' one confirmation (both people), naming its bookings and total, as checkout tells it.
  const first = rows.sort((a, b) => a.startAt.getTime() - b.startAt.getTime())[0];
  // The renter's clickwrap of the series' agreement, on every occurrence, as checkout records it.
  if (first) await recordAgreementAcceptance(db, first.id, createdAt);
  if (first) await writeBookingNotices(db, 'confirmed', first, context.now, true);
  return seriesId;
}
