/**
 * Rescheduling a booking (docs/decisions/040-rescheduling.md): the renter moves a booking to
 * another time of its space, priced as cancelling it under its policy and booking the new time
 * with what was paid carried over (`priceDifference` of src/shared/reschedule.ts). The new range is
 * checked and the booking moved in one transaction under the space's lock, as checkout holds
 * (`assertSchedulePermits`, the exclusion constraint); a cheaper move is refunded by the payment's
 * one settler (`settleMoney`), as a console refund is; a dearer one waits for the renter's saved
 * card ({@link chargeDifference}). On a request-to-book listing the move is a request the owner
 * accepts or declines. Every reschedule is kept in `booking_reschedules`.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { DATES_TAKEN } from '../../shared/availability';
import { bookingLink, describeDates } from '../../shared/booking-notices';
import { assertNotInPast, BookingRuleError, quoteBooking, type BookingQuote } from '../../shared/booking-rules';
import { formatUsd, fromCents, toCents } from '../../shared/money';
import {
  COSTS_MORE,
  describeDifference,
  MAX_RESCHEDULES,
  priceDifference,
  signedAmount,
  type RescheduleDifference,
} from '../../shared/reschedule';
import type { Booking } from '../../shared/schemas/bookings';
import type {
  Reschedule,
  RescheduleAnswer,
  RescheduleQuote,
  RescheduleRequest,
  RescheduleRequestItem,
} from '../../shared/schemas/reschedules';
import { timeZoneForState } from '../../shared/time-zones';
import { SQLSTATE, sqlState, type Database } from '../db/client';
import { bookingReschedules, bookings, medicalSpaces, users } from '../db/schema';
import { badRequest, conflict, forbidden } from '../http/errors';
import { syncAccessCodeJob } from '../jobs/catalog';
import { enqueue } from '../jobs/queue';
import { notify } from '../notifications/notify';
import type { PaymentProvider } from '../payments/provider';
import { assertSchedulePermits } from '../schedules/service';
import { refreshBookedDays } from '../schedules/space-days';
import { CHANGED_MEANWHILE, requireBookingWithSpace, type BookingRow, type SpaceRow } from '../bookings/booking-row';
import { paymentIdOf } from '../bookings/payment-bookings';
import { getBooking } from '../bookings/reads';
import { decidedRefundCents, settleMoney } from '../bookings/settlement';

type RescheduleRow = typeof bookingReschedules.$inferSelect;

/** The 409 of a booking that cannot be moved any more. */
const TOO_MANY = `A booking can be changed at most ${MAX_RESCHEDULES} times.`;

/** The 409 of a second request while one waits for the owner. */
const REQUEST_OPEN = 'A change of this booking is already waiting for the owner. Please wait for their answer.';

/** A reschedule row in its public shape. */
function toReschedule(row: RescheduleRow): Reschedule {
  return {
    id: row.id,
    bookingId: row.bookingId,
    fromStartDate: row.fromStartAt.toISOString(),
    fromEndDate: row.fromEndAt.toISOString(),
    toStartDate: row.toStartAt.toISOString(),
    toEndDate: row.toEndAt.toISOString(),
    status: row.status,
    priceDifference: signedAmount(row.priceDifferenceCents),
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/**
 * Charging a dearer move: the renter's saved card is not wired in yet, so every positive difference
 * is refused and nothing changes. The one place that will charge it.
 * @throws HttpError 409 {@link COSTS_MORE} for `cents` above 0
 */
export function chargeDifference(cents: number): void {
  if (cents > 0) throw conflict(COSTS_MORE);
}

/**
 * Whether `booking` may be moved at `now`: confirmed (or, booked on a request-to-book listing,
 * pending too), not started, not marked a no-show.
 * @throws HttpError 409 otherwise
 */
function assertMovable(booking: BookingRow, now: Date): void {
  const movable = booking.status === 'confirmed' || (booking.status === 'pending' && !booking.instantBook);
  if (!movable) throw conflict(`A ${booking.status.replace('_', ' ')} booking cannot be changed.`);
  if (booking.startAt <= now || booking.noShowMarkedAt || booking.checkedInAt) throw conflict('This booking has already started.');
}

/**
 * Quotes `input` as a booking of `space` by the rules checkout quotes with: the shared quote, not
 * in the past, inside the listing's window, and not the booking's current range.
 * @throws HttpError 400 bad, past, too long or unchanged dates
 */
function quoteNewRange(space: SpaceRow, booking: BookingRow, input: RescheduleRequest, now: Date): BookingQuote {
  const timeZone = timeZoneForState(space.state);
  let quote: BookingQuote;
  try {
    quote = quoteBooking({
      period: space.pricePeriod,
      unitPriceCents: toCents(space.pricePerDay),
      start: input.startDate,
      end: input.endDate,
      timeZone,
      isFirstTransaction: false,
    });
    assertNotInPast(space.pricePeriod, quote.startAt, now, timeZone);
  } catch (error) {
    if (error instanceof BookingRuleError) throw badRequest(error.message);
    throw error;
  }
  if (space.availableFrom && quote.startAt < space.availableFrom) throw badRequest('This space is not available that early.');
  if (space.availableTo && quote.endAt > space.availableTo) throw badRequest('This space is not available that late.');
  if (quote.startAt.getTime() === booking.startAt.getTime() && quote.endAt.getTime() === booking.endAt.getTime()) {
    throw badRequest('This is the time already booked. Choose a different time.');
  }
  return quote;
}

/** What moving `booking` to a range quoted at `newTotalCents` costs at `at`. */
function differenceOf(booking: BookingRow, newTotalCents: number, at: Date): RescheduleDifference {
  return priceDifference({
    tier: booking.cancellationPolicyTier,
    chargedCents: toCents(booking.totalPrice),
    refundedCents: decidedRefundCents({ ...booking, status: 'confirmed' }),
    startAt: booking.startAt,
    now: at,
    newTotalCents,
  });
}

/**
 * The booking `id` and its space, for its renter.
 * @throws HttpError 404 unknown booking, 403 not its renter (its owner too)
 */
async function requireRenterBooking(db: Database, id: string, userId: string) {
  const found = await requireBookingWithSpace(db, id);
  if (found.booking.renterId !== userId) throw forbidden('Only the renter can change this booking.');
  return found;
}

/**
 * POST /api/bookings/{id}/reschedule/quote: what moving the booking to `input` would cost now,
 * changing nothing.
 * @throws HttpError 403 not the renter, 404 unknown booking, 400 bad dates, 409 a booking that cannot be moved
 */
export async function quoteReschedule(
  db: Database,
  id: string,
  userId: string,
  input: RescheduleRequest,
  now = new Date(),
): Promise<RescheduleQuote> {
  const { booking, space } = await requireRenterBooking(db, id, userId);
  assertMovable(booking, now);
  const quote = quoteNewRange(space, booking, input, now);
  const difference = differenceOf(booking, quote.totalCents, now);
  return {
    priceDifference: signedAmount(difference.priceDifferenceCents),
    newTotal: fromCents(quote.totalCents),
    oldTotal: fromCents(difference.oldTotalCents),
    cancellationCost: fromCents(difference.cancellationCostCents),
    freeWindow: difference.freeWindow,
    startDate: quote.startAt.toISOString(),
    endDate: quote.endAt.toISOString(),
    units: quote.units,
    needsOwnerAnswer: !booking.instantBook,
    explanation: describeDifference(difference),
  };
}

/** How many moves of `bookingId` were made or are asked for (they count toward {@link MAX_RESCHEDULES}). */
async function movesCounted(tx: Database, bookingId: string): Promise<number> {
  const rows = await tx
    .select({ id: bookingReschedules.id })
    .from(bookingReschedules)
    .where(and(eq(bookingReschedules.bookingId, bookingId), inArray(bookingReschedules.status, ['requested', 'accepted'])));
  return rows.length;
}

/** The booking row, locked, as it is now; 409 when it changed since `seen` was read or can no longer be moved. */
async function lockUnchanged(tx: Database, seen: BookingRow, now: Date): Promise<BookingRow> {
  const [current] = await tx.select().from(bookings).where(eq(bookings.id, seen.id)).for('update');
  if (
    !current ||
    current.status !== seen.status ||
    current.startAt.getTime() !== seen.startAt.getTime() ||
    current.endAt.getTime() !== seen.endAt.getTime()
  ) {
    throw conflict(CHANGED_MEANWHILE);
  }
  assertMovable(current, now);
  return current;
}

/** The names and the dates as people read them, for the notices of a move. */
async function partiesOf(tx: Database, booking: BookingRow, space: SpaceRow) {
  const people = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [booking.renterId, space.ownerId]));
  const name = (id: string) => {
    const person = people.find((candidate) => candidate.id === id);
    return person ? `${person.firstName} ${person.lastName}`.trim() : 'Someone';
  };
  const dates = (startAt: Date, endAt: Date) =>
    describeDates({
      startAt: startAt.toISOString(),
      endAt: endAt.toISOString(),
      timeZone: timeZoneForState(space.state),
      pricePeriod: space.pricePeriod,
    });
  return { renterName: name(booking.renterId), ownerName: name(space.ownerId), dates };
}

/**
 * Moves `booking` to `quote`'s range in one transaction under the space's lock: checks the range as
 * checkout checks a hold (the booking not counting against itself), at most {@link MAX_RESCHEDULES}
 * moves, updates the booking's range and units in place (the exclusion constraint has the last
 * word), records the refund decided for a cheaper move (`refund_amount`, as a console refund does),
 * writes the reschedule (`request`: the owner's accepted request; else a new `accepted` row),
 * refreshes what search reads of both ranges, tells the other side and re-syncs the door code.
 * Then the payment's settler makes the refund (the reconciliation job, if it fails or waits).
 * @throws HttpError 400 a schedule that does not allow the range, 409 taken, changed meanwhile, too many moves or dearer
 */
async function moveBooking(
  db: Database,
  payments: PaymentProvider,
  seen: BookingRow,
  space: SpaceRow,
  to: { startAt: Date; endAt: Date; units: number; totalCents: number },
  priceAt: Date,
  by: string,
  now: Date,
  request?: RescheduleRow,
): Promise<{ row: RescheduleRow; differenceCents: number }> {
  let result: { row: RescheduleRow; differenceCents: number; refund: boolean };
  try {
    result = await db.transaction(async (tx) => {
      // One move per space at a time, as checkout holds: the schedule read below stays true until commit.
      await tx.select({ id: medicalSpaces.id }).from(medicalSpaces).where(eq(medicalSpaces.id, space.id)).for('no key update');
      const booking = await lockUnchanged(tx, seen, now);
      const counted = await movesCounted(tx, booking.id);
      if (counted - (request ? 1 : 0) >= MAX_RESCHEDULES) throw conflict(TOO_MANY);
      const difference = differenceOf(booking, to.totalCents, priceAt);
      chargeDifference(difference.priceDifferenceCents);
      await assertSchedulePermits(tx, space, to, now, { exceptBookingId: booking.id });
      const refundCents = -difference.priceDifferenceCents;
      const decided = decidedRefundCents({ ...booking, status: 'confirmed' }) + Math.max(refundCents, 0);
      const [moved] = await tx
        .update(bookings)
        .set({
          startAt: to.startAt,
          endAt: to.endAt,
          units: to.units,
          // A cheaper move's refund, decided as a console refund is: made by the settler below.
          refundAmount: refundCents > 0 ? fromCents(decided) : booking.refundAmount,
        })
        .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status), eq(bookings.startAt, booking.startAt)))
        .returning();
      if (!moved) throw conflict(CHANGED_MEANWHILE);
      const values = {
        status: 'accepted' as const,
        toStartAt: to.startAt,
        toEndAt: to.endAt,
        toUnits: to.units,
        newTotalCents: to.totalCents,
        priceDifferenceCents: difference.priceDifferenceCents,
        answeredAt: now,
      };
      const [row] = request
        ? await tx
            .update(bookingReschedules)
            .set(values)
            .where(and(eq(bookingReschedules.id, request.id), eq(bookingReschedules.status, 'requested')))
            .returning()
        : await tx
            .insert(bookingReschedules)
            .values({
              ...values,
              bookingId: booking.id,
              fromStartAt: booking.startAt,
              fromEndAt: booking.endAt,
              requestedBy: by,
              createdAt: now,
            })
            .returning();
      if (!row) throw conflict('This change was already answered.');
      await refreshBookedDays(tx, [booking, moved]); // what search reads of the old and the new dates
      await tellMoved(tx, booking, moved, space, row, request !== undefined);
      if (moved.status === 'confirmed') await enqueue(tx, syncAccessCodeJob, { bookingId: moved.id });
      return { row, differenceCents: difference.priceDifferenceCents, refund: refundCents > 0 && moved.status === 'confirmed' };
    });
  } catch (error) {
    if (sqlState(error) === SQLSTATE.exclusionViolation) throw conflict(DATES_TAKEN);
    throw error;
  }
  // The payment's one settler refunds what the move decided; failing or busy, the reconciliation job does.
  if (result.refund) await settleMoney(db, payments, paymentIdOf(seen), now).catch(() => undefined);
  return result;
}

/** Tells the other side of a move: the owner that the renter moved it, or the renter that the owner accepted it. */
async function tellMoved(tx: Database, before: BookingRow, moved: BookingRow, space: SpaceRow, row: RescheduleRow, accepted: boolean) {
  const { renterName, ownerName, dates } = await partiesOf(tx, moved, space);
  const newDates = dates(moved.startAt, moved.endAt);
  const money = row.priceDifferenceCents < 0 ? ` ${formatUsd(-row.priceDifferenceCents)} is refunded to ${accepted ? 'you' : 'them'}.` : '';
  const notice = accepted
    ? {
        userId: moved.renterId,
        kind: 'reschedule_answered' as const,
        title: `${ownerName} accepted your change of ${space.title}`,
        body: `Your booking of ${space.title} is now ${newDates}.${money}`,
      }
    : {
        userId: space.ownerId,
        kind: 'booking_rescheduled' as const,
        title: `${renterName} moved their booking of ${space.title}`,
        body: `${renterName} moved their booking to ${newDates} (it was ${dates(before.startAt, before.endAt)}).${money}`,
      };
  await notify(tx, { ...notice, link: bookingLink(moved.id), dedupeKey: `${notice.kind}:${row.id}:${notice.userId}` });
}

/**
 * PUT /api/bookings/{id}/reschedule: the renter moves the booking to `input`. On an instant-book
 * listing it moves at once ({@link moveBooking}) and answers the booking with `priceDifference`
 * and the reschedule; on a request-to-book one it asks the owner (`reschedule_requested`), the
 * booking unchanged until the owner accepts. With `currentStartDate`, a booking moved since the
 * client saw it is refused; two moves that read it at once are told apart under its row lock.
 * @throws HttpError 403 not the renter, 404 unknown, 400 bad dates or a schedule that does not allow them,
 *   409 a booking that cannot be moved, dates taken, too many moves, a request already open, or a dearer move
 */
export async function rescheduleBooking(
  db: Database,
  payments: PaymentProvider,
  id: string,
  userId: string,
  input: RescheduleRequest,
  now = new Date(),
): Promise<RescheduleAnswer> {
  const { booking, space } = await requireRenterBooking(db, id, userId);
  if (input.currentStartDate && new Date(input.currentStartDate).getTime() !== booking.startAt.getTime()) {
    throw conflict(CHANGED_MEANWHILE);
  }
  assertMovable(booking, now);
  const quote = quoteNewRange(space, booking, input, now);
  chargeDifference(differenceOf(booking, quote.totalCents, now).priceDifferenceCents);
  if (!booking.instantBook) {
    const row = await requestMove(db, booking, space, quote, userId, now);
    return {
      status: 'reschedule_requested',
      priceDifference: signedAmount(row.priceDifferenceCents),
      reschedule: toReschedule(row),
      booking: await getBooking(db, id, userId),
    };
  }
  const { row, differenceCents } = await moveBooking(db, payments, booking, space, quote, now, userId, now);
  return { ...(await getBooking(db, id, userId)), priceDifference: signedAmount(differenceCents), reschedule: toReschedule(row) };
}

/**
 * Asks the owner of a request-to-book listing to move `booking` to `quote`'s range: checks the
 * range now (the owner's Accept checks it again), at most {@link MAX_RESCHEDULES} moves and one open
 * request, writes the `requested` row and tells the owner.
 */
async function requestMove(
  db: Database,
  seen: BookingRow,
  space: SpaceRow,
  quote: BookingQuote,
  userId: string,
  now: Date,
): Promise<RescheduleRow> {
  try {
    return await db.transaction(async (tx) => {
      const booking = await lockUnchanged(tx, seen, now);
      const [open] = await tx
        .select({ id: bookingReschedules.id })
        .from(bookingReschedules)
        .where(and(eq(bookingReschedules.bookingId, booking.id), eq(bookingReschedules.status, 'requested')));
      if (open) throw conflict(REQUEST_OPEN);
      if ((await movesCounted(tx, booking.id)) >= MAX_RESCHEDULES) throw conflict(TOO_MANY);
      await assertSchedulePermits(tx, space, quote, now, { exceptBookingId: booking.id });
      const difference = differenceOf(booking, quote.totalCents, now);
      chargeDifference(difference.priceDifferenceCents);
      const [row] = await tx
        .insert(bookingReschedules)
        .values({
          bookingId: booking.id,
          fromStartAt: booking.startAt,
          fromEndAt: booking.endAt,
          toStartAt: quote.startAt,
          toEndAt: quote.endAt,
          toUnits: quote.units,
          status: 'requested',
          requestedBy: userId,
          newTotalCents: quote.totalCents,
          priceDifferenceCents: difference.priceDifferenceCents,
          createdAt: now,
        })
        .returning();
      const { renterName, dates } = await partiesOf(tx, booking, space);
      await notify(tx, {
        userId: space.ownerId,
        kind: 'reschedule_requested',
        title: `${renterName} asked to move their booking of ${space.title}`,
        body: `${renterName} would like to move their booking to ${dates(quote.startAt, quote.endAt)} (it is ${dates(booking.startAt, booking.endAt)}). Please accept or decline.`,
        link: bookingLink(booking.id),
        dedupeKey: `reschedule_requested:${row!.id}:${space.ownerId}`,
      });
      return row!;
    });
  } catch (error) {
    if (sqlState(error) === SQLSTATE.uniqueViolation) throw conflict(REQUEST_OPEN);
    throw error;
  }
}

/**
 * POST /api/bookings/{id}/reschedule/accept and /decline: the owner answers the renter's open
 * request. Accepting checks the new range again and moves the booking ({@link moveBooking}), priced
 * as it was when the renter asked; declining leaves it as it is. Either way the renter is told.
 * @returns the booking as it is now, with the answered reschedule
 * @throws HttpError 403 not the owner, 404 unknown booking, 409 no open request, or (accept) a booking that can no longer
 *   be moved or dates no longer free; 400 a schedule that no longer allows them
 */
export async function answerReschedule(
  db: Database,
  payments: PaymentProvider,
  id: string,
  userId: string,
  answer: 'accept' | 'decline',
  now = new Date(),
): Promise<Booking & { reschedule: Reschedule }> {
  const { booking, space } = await requireBookingWithSpace(db, id);
  if (space.ownerId !== userId) throw forbidden('Only the owner can answer this change.');
  const [request] = await db
    .select()
    .from(bookingReschedules)
    .where(and(eq(bookingReschedules.bookingId, id), eq(bookingReschedules.status, 'requested')))
    .limit(1);
  if (!request) throw conflict('No change of this booking is waiting for your answer.');
  let row: RescheduleRow;
  if (answer === 'accept') {
    const to = { startAt: request.toStartAt, endAt: request.toEndAt, units: request.toUnits, totalCents: request.newTotalCents };
    ({ row } = await moveBooking(db, payments, booking, space, to, request.createdAt, userId, now, request));
  } else {
    row = await db.transaction(async (tx) => {
      const [declined] = await tx
        .update(bookingReschedules)
        .set({ status: 'declined', answeredAt: now })
        .where(and(eq(bookingReschedules.id, request.id), eq(bookingReschedules.status, 'requested')))
        .returning();
      if (!declined) throw conflict('This change was already answered.');
      const { ownerName, dates } = await partiesOf(tx, booking, space);
      await notify(tx, {
        userId: booking.renterId,
        kind: 'reschedule_answered',
        title: `${ownerName} declined your change of ${space.title}`,
        body: `Your booking of ${space.title} stays ${dates(booking.startAt, booking.endAt)}.`,
        link: bookingLink(booking.id),
        dedupeKey: `reschedule_answered:${declined.id}:${booking.renterId}`,
      });
      return declined;
    });
  }
  return { ...(await getBooking(db, id, userId)), reschedule: toReschedule(row) };
}

/**
 * GET /api/bookings/{id}/reschedules: the booking's reschedules, newest first, for its renter or owner.
 * @throws HttpError 403 anyone else, 404 unknown booking
 */
export async function listReschedules(db: Database, id: string, userId: string): Promise<Reschedule[]> {
  await getBooking(db, id, userId);
  const rows = await db
    .select()
    .from(bookingReschedules)
    .where(eq(bookingReschedules.bookingId, id))
    .orderBy(desc(bookingReschedules.createdAt), desc(bookingReschedules.id));
  return rows.map(toReschedule);
}

/**
 * GET /api/users/{id}/reschedule-requests: the open reschedule requests of the owner's spaces,
 * oldest first, each with its booking as the owner's lists show it.
 */
export async function listRescheduleRequests(db: Database, ownerId: string): Promise<RescheduleRequestItem[]> {
  const rows = await db
    .select({ reschedule: bookingReschedules })
    .from(bookingReschedules)
    .innerJoin(bookings, eq(bookings.id, bookingReschedules.bookingId))
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(
      and(
        eq(medicalSpaces.ownerId, ownerId),
        eq(bookingReschedules.status, 'requested'),
        inArray(bookings.status, ['pending', 'confirmed']),
      ),
    )
    .orderBy(asc(bookingReschedules.createdAt));
  const items: RescheduleRequestItem[] = [];
  for (const { reschedule } of rows) {
    items.push({ ...toReschedule(reschedule), booking: await getBooking(db, reschedule.bookingId, ownerId) });
  }
  return items;
}
