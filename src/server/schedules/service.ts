/**
 * Schedules on the server (docs/product.md#schedules, docs/decisions/025-schedules.md): a
 * listing's blocked dates, the ranges its bookings hold, its availability and the check every
 * new booking passes. The rules themselves are `src/shared/availability.ts`; this module reads
 * what they need from the database. It comes before `spaces` (which saves a listing's blocked
 * dates through it) and `bookings` (which checks each hold with it), so it reads the space row
 * itself.
 */
import { and, asc, eq, gt, gte, lt, lte, ne } from 'drizzle-orm';
import {
  availableDays,
  localDate,
  localInstant,
  scheduleProblem,
  scheduleProblemMessage,
  shiftDate,
  type ListingCalendar,
  type TakenRange,
} from '../../shared/availability';
import { MAX_BUFFER_MINUTES } from '../../shared/constants';
import type { BlockedDate } from '../../shared/schemas/schedules';
import type { Availability, AvailabilityQuery } from '../../shared/schemas/availability';
import { timeZoneForState } from '../../shared/time-zones';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, spaceBlockedDates, spaceImportedBusy } from '../db/schema';
import { holdsItsRange } from './space-days';
import { badRequest, conflict, notFound } from '../http/errors';

/** What the rules need of a space row. */
export type ScheduledSpace = Pick<typeof medicalSpaces.$inferSelect, 'id' | 'pricePeriod' | 'state' | 'schedule'>;

/**
 * A space's blocked date ranges, earliest first; `note` only when `withNotes` (the owner).
 * `within` keeps the ranges that touch those dates (inclusive).
 */
export async function readBlockedDates(
  db: Database,
  spaceId: string,
  options: { withNotes: boolean; within?: { from: string; to: string } },
): Promise<BlockedDate[]> {
  const rows = await db
    .select({ start: spaceBlockedDates.startDate, end: spaceBlockedDates.endDate, note: spaceBlockedDates.note })
    .from(spaceBlockedDates)
    .where(
      and(
        eq(spaceBlockedDates.spaceId, spaceId),
        options.within
          ? and(lte(spaceBlockedDates.startDate, options.within.to), gte(spaceBlockedDates.endDate, options.within.from))
          : undefined,
      ),
    )
    .orderBy(asc(spaceBlockedDates.startDate), asc(spaceBlockedDates.endDate));
  return rows.map((row) => (options.withNotes ? { start: row.start, end: row.end, note: row.note } : { start: row.start, end: row.end }));
}

/** Replaces a space's blocked dates with `ranges` (call inside the transaction that saves the listing). */
export async function replaceBlockedDates(db: Database, spaceId: string, ranges: readonly BlockedDate[]): Promise<void> {
  await db.delete(spaceBlockedDates).where(eq(spaceBlockedDates.spaceId, spaceId));
  if (ranges.length === 0) return;
  await db
    .insert(spaceBlockedDates)
    .values(ranges.map((range) => ({ spaceId, startDate: range.start, endDate: range.end, note: range.note || null })));
}

/**
 * The ranges that could clash with [from, to) on a space: those its holding bookings keep, with their
 * buffers (confirmed and pending bookings and unexpired holds at `now`), and the busy times imported
 * from the owner's calendars (`busy`, buffer 0; docs/decisions/038-calendar-import.md). Never says who
 * booked, nor what an imported event was.
 */
export async function takenRanges(
  db: Database,
  spaceId: string,
  from: Date,
  to: Date,
  now: Date,
  options: { exceptBookingId?: string } = {},
): Promise<TakenRange[]> {
  const margin = MAX_BUFFER_MINUTES * 60_000;
  const busy = await db
    .select({ startAt: spaceImportedBusy.startAt, endAt: spaceImportedBusy.endAt })
    .from(spaceImportedBusy)
    .where(
      and(
        eq(spaceImportedBusy.spaceId, spaceId),
        lt(spaceImportedBusy.startAt, new Date(to.getTime() + margin)),
        gt(spaceImportedBusy.endAt, new Date(from.getTime() - margin)),
      ),
    );
  const booked = await db
    .select({ startAt: bookings.startAt, endAt: bookings.endAt, bufferMinutes: bookings.bufferMinutes })
    .from(bookings)
    .where(
      and(
        eq(bookings.spaceId, spaceId),
        holdsItsRange(now),
        options.exceptBookingId ? ne(bookings.id, options.exceptBookingId) : undefined,
        lt(bookings.startAt, new Date(to.getTime() + margin)),
        gt(bookings.endAt, new Date(from.getTime() - margin)),
      ),
    );
  return [...booked, ...busy.map((range) => ({ ...range, bufferMinutes: 0, busy: true }))];
}

/** The rules' view of a space and its blocked dates. */
export function listingCalendar(space: ScheduledSpace, blockedDates: ListingCalendar['blockedDates']): ListingCalendar {
  return { period: space.pricePeriod, timeZone: timeZoneForState(space.state), schedule: space.schedule ?? null, blockedDates };
}

/**
 * GET /api/spaces/{id}/availability: the slots of each date from `from` to `to` (the space's
 * local dates), public, never saying who booked.
 * @throws HttpError 404 unknown or archived space
 */
export async function spaceAvailability(db: Database, spaceId: string, query: AvailabilityQuery, now = new Date()): Promise<Availability> {
  const [space] = await db
    .select({ id: medicalSpaces.id, pricePeriod: medicalSpaces.pricePeriod, state: medicalSpaces.state, schedule: medicalSpaces.schedule })
    .from(medicalSpaces)
    .where(and(eq(medicalSpaces.id, spaceId), eq(medicalSpaces.active, true)))
    .limit(1);
  if (!space) throw notFound('Space not found.');
  const blocked = await readBlockedDates(db, spaceId, { withNotes: false, within: query });
  const calendar = listingCalendar(space, blocked);
  const from = localInstant(query.from, 0, calendar.timeZone);
  const to = localInstant(shiftDate(query.to, 1), 0, calendar.timeZone);
  const taken = await takenRanges(db, spaceId, from, to, now);
  return { timeZone: calendar.timeZone, pricePeriod: space.pricePeriod, days: availableDays(calendar, taken, query, now) };
}

/**
 * Checks a booking of [startAt, endAt) against the space's schedule, blocked dates and the
 * bookings that hold their ranges at `now`. Run it in the transaction that inserts the booking,
 * after locking the space row, so no other hold slips in between; the exclusion constraint stays
 * the last word on overlaps. A booking being moved (`exceptBookingId`, docs/decisions/040-rescheduling.md)
 * does not count against its own new range.
 * @throws HttpError 400 closed, blocked, not a session, inside the notice, past the horizon or inside a buffer; 409 dates taken
 *   or busy in the owner's imported calendar
 */
export async function assertSchedulePermits(
  db: Database,
  space: ScheduledSpace,
  range: { startAt: Date; endAt: Date },
  now: Date,
  options: { exceptBookingId?: string } = {},
): Promise<void> {
  const problem = await findScheduleProblem(db, space, [range], now, options);
  if (problem[0]) {
    const message = scheduleProblemMessage(problem[0], listingCalendar(space, []));
    throw problem[0] === 'taken' || problem[0] === 'busy' ? conflict(message) : badRequest(message);
  }
}

/**
 * The schedule problem of each of `ranges` (null where it can be booked), checked against the
 * space's blocked dates and taken ranges at `now` (not against one another), leaving out the
 * booking `exceptBookingId` (one being moved).
 */
export async function findScheduleProblem(
  db: Database,
  space: ScheduledSpace,
  ranges: readonly { startAt: Date; endAt: Date }[],
  now: Date,
  options: { exceptBookingId?: string } = {},
): Promise<ReturnType<typeof scheduleProblem>[]> {
  if (ranges.length === 0) return [];
  const timeZone = timeZoneForState(space.state);
  const first = new Date(Math.min(...ranges.map((range) => range.startAt.getTime())));
  const last = new Date(Math.max(...ranges.map((range) => range.endAt.getTime())));
  const blocked = await readBlockedDates(db, space.id, {
    withNotes: false,
    within: { from: localDate(first, timeZone), to: localDate(last, timeZone) },
  });
  const calendar = listingCalendar(space, blocked);
  const taken = await takenRanges(db, space.id, first, last, now, options);
  return ranges.map((range) => scheduleProblem(calendar, range, taken, now));
}

/** The schedule problems that say a booking lies outside the listing's current hours, sessions or open dates. */
const OUTSIDE_SCHEDULE = new Set<ReturnType<typeof scheduleProblem>>(['closed', 'blocked', 'not_a_session']);

/**
 * The ids of `items` that the listing's current schedule leaves out: on a closed or blocked date,
 * outside the opening hours, or not one of the sessions (docs/product.md#schedules: a schedule
 * change cancels nothing, the owner sees such a booking flagged). Notice, horizon, buffer and
 * other bookings are left aside: they are about making a new booking.
 */
export async function bookingsOutsideSchedule(
  db: Database,
  items: readonly { id: string; startAt: Date; endAt: Date; space: ScheduledSpace }[],
  now: Date,
): Promise<Set<string>> {
  const outside = new Set<string>();
  const bySpace = new Map<string, (typeof items)[number][]>();
  for (const item of items) bySpace.set(item.space.id, [...(bySpace.get(item.space.id) ?? []), item]);
  for (const [spaceId, spaceItems] of bySpace) {
    const space = spaceItems[0]!.space;
    const blocked = await readBlockedDates(db, spaceId, { withNotes: false });
    const calendar = listingCalendar(space, blocked);
    for (const item of spaceItems) {
      if (OUTSIDE_SCHEDULE.has(scheduleProblem(calendar, item, [], now))) outside.add(item.id);
    }
  }
  return outside;
}
