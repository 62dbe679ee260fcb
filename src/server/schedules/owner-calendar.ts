/**
 * The owner's calendar (docs/product.md#calendar): the bookings, requests, holds and blocked dates
 * of all of an owner's listed spaces, and blocked date ranges added or removed one at a time.
 * Blocking days never cancels a booking: the answer counts the bookings inside so the page can warn.
 */
import { and, asc, count, eq, gt, inArray, isNull, lt, lte, gte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { localDateTime, localInstant, shiftDate } from '../../shared/availability';
import { BLOCKING_BOOKING_STATUSES, MAX_BLOCKED_DATE_RANGES } from '../../shared/constants';
import { type BlockedDate } from '../../shared/schemas/schedules';
import {
  CALENDAR_BOOKING_STATUSES,
  type CalendarEvents,
  type CalendarEventsQuery,
  type CreatedBlockedDate,
} from '../../shared/schemas/availability';
import { timeZoneForState } from '../../shared/time-zones';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, spaceBlockedDates, users } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import { rebuildSpaceDays } from './space-days';

/** The widest a time zone puts a local midnight from UTC midnight, and then some: bounds the SQL before each space's own check. */
const ZONE_MARGIN_MS = 15 * 3_600_000;

/** Whether a hold still keeps its dates at `now` (an expired one that the sweeper has not reached yet does not). */
const liveHold = (now: Date) =>
  or(sql`${bookings.status} <> 'awaiting_payment'`, isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now));

/**
 * GET /api/users/{id}/calendar-events: the owner's listed spaces, their bookings (unexpired holds,
 * requests, confirmed and cancelled ones) and blocked dates that touch `from`..`to`, each space's
 * local dates, inclusive.
 */
export async function ownerCalendarEvents(
  db: Database,
  ownerId: string,
  query: CalendarEventsQuery,
  now = new Date(),
): Promise<CalendarEvents> {
  const spaceRows = await db
    .select({ id: medicalSpaces.id, title: medicalSpaces.title, state: medicalSpaces.state })
    .from(medicalSpaces)
    .where(and(eq(medicalSpaces.ownerId, ownerId), eq(medicalSpaces.active, true)))
    .orderBy(asc(medicalSpaces.title), asc(medicalSpaces.id));
  const spaces = spaceRows.map((space) => ({ id: space.id, title: space.title, timeZone: timeZoneForState(space.state) }));
  if (spaces.length === 0) return { spaces, bookings: [], blockedDates: [] };
  const byId = new Map(spaces.map((space) => [space.id, space]));
  const ids = spaces.map((space) => space.id);

  const from = new Date(Date.parse(`${query.from}T00:00:00Z`) - ZONE_MARGIN_MS);
  const to = new Date(Date.parse(`${shiftDate(query.to, 1)}T00:00:00Z`) + ZONE_MARGIN_MS);
  const bookingRows = await db
    .select({
      bookingId: bookings.id,
      spaceId: bookings.spaceId,
      status: bookings.status,
      startAt: bookings.startAt,
      endAt: bookings.endAt,
      renterFirstName: users.firstName,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.renterId))
    .where(
      and(
        inArray(bookings.spaceId, ids),
        inArray(bookings.status, [...CALENDAR_BOOKING_STATUSES]),
        liveHold(now),
        lt(bookings.startAt, to),
        gt(bookings.endAt, from),
      ),
    )
    .orderBy(asc(bookings.startAt), asc(bookings.id));
  // Each space's own local range: `start` before the day after `to`, `end` after the start of `from`.
  const rangeStart = `${query.from}T00:00`;
  const rangeEnd = `${shiftDate(query.to, 1)}T00:00`;
  const calendarBookings = bookingRows.flatMap((row) => {
    const space = byId.get(row.spaceId)!;
    const start = localDateTime(row.startAt, space.timeZone);
    const end = localDateTime(row.endAt, space.timeZone);
    if (!(start < rangeEnd && end > rangeStart)) return [];
    return [
      {
        bookingId: row.bookingId,
        spaceId: row.spaceId,
        spaceTitle: space.title,
        status: row.status as (typeof CALENDAR_BOOKING_STATUSES)[number],
        startAt: row.startAt.toISOString(),
        endAt: row.endAt.toISOString(),
        start,
        end,
        renterFirstName: row.renterFirstName,
      },
    ];
  });

  const blockedRows = await db
    .select({
      id: spaceBlockedDates.id,
      spaceId: spaceBlockedDates.spaceId,
      start: spaceBlockedDates.startDate,
      end: spaceBlockedDates.endDate,
      note: spaceBlockedDates.note,
    })
    .from(spaceBlockedDates)
    .where(
      and(inArray(spaceBlockedDates.spaceId, ids), lte(spaceBlockedDates.startDate, query.to), gte(spaceBlockedDates.endDate, query.from)),
    )
    .orderBy(asc(spaceBlockedDates.startDate), asc(spaceBlockedDates.id));
  const blockedDates = blockedRows.map((row) => ({ ...row, spaceTitle: byId.get(row.spaceId)!.title }));
  return { spaces, bookings: calendarBookings, blockedDates };
}

/**
 * The listed space `spaceId`, locked for the rest of the transaction, when `ownerId` owns it.
 * @throws HttpError 404 unknown or archived, 403 someone else's
 */
async function lockOwnedSpace(db: Database, spaceId: string, ownerId: string) {
  if (!z.uuid().safeParse(spaceId).success) throw notFound('Space not found.');
  const [space] = await db
    .select({ id: medicalSpaces.id, ownerId: medicalSpaces.ownerId, state: medicalSpaces.state })
    .from(medicalSpaces)
    .where(and(eq(medicalSpaces.id, spaceId), eq(medicalSpaces.active, true)))
    .for('update');
  if (!space) throw notFound('Space not found.');
  if (space.ownerId !== ownerId) throw forbidden('Only the owner can change this space.');
  return space;
}

/**
 * POST /api/spaces/{id}/blocked-dates: blocks `range` (end inclusive) on the owner's space. Bookings
 * inside are kept; the answer says how many there are (pending, confirmed and unexpired holds).
 * @throws HttpError 404 unknown space, 403 not the owner, 400 when the space already has {@link MAX_BLOCKED_DATE_RANGES} ranges
 */
export async function addBlockedDate(
  db: Database,
  spaceId: string,
  ownerId: string,
  range: BlockedDate,
  now = new Date(),
): Promise<CreatedBlockedDate> {
  return db.transaction(async (tx) => {
    const space = await lockOwnedSpace(tx, spaceId, ownerId);
    const [existing] = await tx.select({ n: count() }).from(spaceBlockedDates).where(eq(spaceBlockedDates.spaceId, spaceId));
    if ((existing?.n ?? 0) >= MAX_BLOCKED_DATE_RANGES) {
      throw badRequest(`A listing can have at most ${MAX_BLOCKED_DATE_RANGES} blocked date ranges`);
    }
    const [row] = await tx
      .insert(spaceBlockedDates)
      .values({ spaceId, startDate: range.start, endDate: range.end, note: range.note || null })
      .returning({
        id: spaceBlockedDates.id,
        start: spaceBlockedDates.startDate,
        end: spaceBlockedDates.endDate,
        note: spaceBlockedDates.note,
      });
    await rebuildSpaceDays(tx, [spaceId], now); // what search reads of it (./space-days.ts)
    const timeZone = timeZoneForState(space.state);
    const [inside] = await tx
      .select({ n: count() })
      .from(bookings)
      .where(
        and(
          eq(bookings.spaceId, spaceId),
          inArray(bookings.status, [...BLOCKING_BOOKING_STATUSES]),
          liveHold(now),
          lt(bookings.startAt, localInstant(shiftDate(range.end, 1), 0, timeZone)),
          gt(bookings.endAt, localInstant(range.start, 0, timeZone)),
        ),
      );
    return { ...row!, bookingsInside: inside?.n ?? 0 };
  });
}

/**
 * DELETE /api/spaces/{id}/blocked-dates/{blockedId}: opens those dates again.
 * @throws HttpError 404 unknown space or range (or a range of another space), 403 not the owner
 */
export async function removeBlockedDate(db: Database, spaceId: string, ownerId: string, blockedId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnedSpace(tx, spaceId, ownerId);
    const removed = z.uuid().safeParse(blockedId).success
      ? await tx
          .delete(spaceBlockedDates)
          .where(and(eq(spaceBlockedDates.id, blockedId), eq(spaceBlockedDates.spaceId, spaceId)))
          .returning({ id: spaceBlockedDates.id })
      : [];
    if (removed.length === 0) throw notFound('Blocked dates not found.');
    await rebuildSpaceDays(tx, [spaceId]); // what search reads of it (./space-days.ts)
  });
}
