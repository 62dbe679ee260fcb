/**
 * A listing's own calendar feed (docs/decisions/038-calendar-import.md): a secret address that other
 * sites the space is listed on (Airbnb-like tools) or the owner's calendar subscribe to, so a room
 * listed in several places stays in step both ways. It says only when the space is taken, never who
 * by: each booking that holds its range (confirmed, pending, a hold not lapsed) is a "Booked" event,
 * each of the owner's blocked date ranges a "Blocked" all-day event. Busy times imported from other
 * calendars are left out, so two sites importing each other do not echo one event back and forth.
 * The token is kept as its SHA-256 only, as a user's feed's (./service.ts).
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import { ICalCalendar, ICalCalendarMethod, ICalEventBusyStatus } from 'ical-generator';
import { shiftDate } from '../../shared/availability';
import { calendarFeedTokenSchema, type CalendarFeed } from '../../shared/schemas/calendar';
import { hashAccountToken, newAccountToken } from '../auth/account-tokens';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, spaceBlockedDates, spaceCalendarFeeds } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { holdsItsRange } from '../schedules/space-days';
import { FEED_EVENTS_LIMIT, FEED_PAST_DAYS, FEED_REFRESH_SECONDS } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The address of a space feed's token. */
export const spaceCalendarFeedUrl = (publicUrl: string, token: string) => `${publicUrl}/calendar/spaces/${token}.ics`;

/** The listed space `spaceId` when `ownerId` owns it. @throws HttpError 404 unknown or unlisted, 403 someone else's */
async function requireOwnedSpace(db: Database, spaceId: string, ownerId: string): Promise<void> {
  const [space] = await db
    .select({ ownerId: medicalSpaces.ownerId })
    .from(medicalSpaces)
    .where(and(eq(medicalSpaces.id, spaceId), eq(medicalSpaces.active, true)));
  if (!space) throw notFound('Space not found.');
  if (space.ownerId !== ownerId) throw forbidden('Only the owner of this space can do that.');
}

/**
 * GET /api/spaces/{id}/calendar-feed: the space's feed, made on the first call, whose answer alone
 * carries the URL (later ones answer `url: null`; POST makes a new one).
 * @throws HttpError 404 unknown space, 403 not its owner
 */
export async function openSpaceCalendarFeed(db: Database, spaceId: string, ownerId: string, publicUrl: string): Promise<CalendarFeed> {
  await requireOwnedSpace(db, spaceId, ownerId);
  const token = newAccountToken();
  const [created] = await db
    .insert(spaceCalendarFeeds)
    .values({ spaceId, tokenHash: token.tokenHash })
    .onConflictDoNothing({ target: spaceCalendarFeeds.spaceId })
    .returning({ createdAt: spaceCalendarFeeds.createdAt });
  if (created) return { url: spaceCalendarFeedUrl(publicUrl, token.token), createdAt: created.createdAt.toISOString(), rotatedAt: null };
  const [feed] = await db.select().from(spaceCalendarFeeds).where(eq(spaceCalendarFeeds.spaceId, spaceId));
  if (!feed) throw new Error(`The calendar feed of space ${spaceId} is neither new nor stored`);
  return { url: null, createdAt: feed.createdAt.toISOString(), rotatedAt: feed.rotatedAt?.toISOString() ?? null };
}

/**
 * POST /api/spaces/{id}/calendar-feed: a new token for the space's feed (made if there was none);
 * the old URL answers 404 from now on.
 * @throws HttpError 404 unknown space, 403 not its owner
 */
export async function rotateSpaceCalendarFeed(
  db: Database,
  spaceId: string,
  ownerId: string,
  publicUrl: string,
  now = new Date(),
): Promise<CalendarFeed> {
  await requireOwnedSpace(db, spaceId, ownerId);
  const token = newAccountToken();
  const [feed] = await db
    .insert(spaceCalendarFeeds)
    .values({ spaceId, tokenHash: token.tokenHash })
    .onConflictDoUpdate({ target: spaceCalendarFeeds.spaceId, set: { tokenHash: token.tokenHash, rotatedAt: now } })
    .returning();
  if (!feed) throw new Error(`The calendar feed of space ${spaceId} was not stored`);
  return {
    url: spaceCalendarFeedUrl(publicUrl, token.token),
    createdAt: feed.createdAt.toISOString(),
    rotatedAt: feed.rotatedAt?.toISOString() ?? null,
  };
}

/**
 * GET /calendar/spaces/{token}.ics: the space's taken times as iCalendar text (RFC 5545): bookings
 * that hold their range and end at most {@link FEED_PAST_DAYS} days before `now` or later, earliest
 * first, at most {@link FEED_EVENTS_LIMIT}, in UTC, each "Booked"; blocked date ranges ending then or
 * later as all-day "Blocked" events. No renter, price or note.
 * @throws HttpError 404 for a token that is malformed, not one of ours, or of a space no longer listed
 */
export async function spaceCalendarFeed(db: Database, token: string, now = new Date()): Promise<string> {
  if (!calendarFeedTokenSchema.safeParse(token).success) throw notFound('Calendar feed not found.');
  const [feed] = await db
    .select({ spaceId: spaceCalendarFeeds.spaceId, title: medicalSpaces.title })
    .from(spaceCalendarFeeds)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, spaceCalendarFeeds.spaceId))
    .where(and(eq(spaceCalendarFeeds.tokenHash, hashAccountToken(token)), eq(medicalSpaces.active, true)))
    .limit(1);
  if (!feed) throw notFound('Calendar feed not found.');
  const since = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS);
  const taken = await db
    .select({ id: bookings.id, startAt: bookings.startAt, endAt: bookings.endAt })
    .from(bookings)
    .where(and(eq(bookings.spaceId, feed.spaceId), holdsItsRange(now), gte(bookings.endAt, since)))
    .orderBy(asc(bookings.startAt), asc(bookings.id))
    .limit(FEED_EVENTS_LIMIT);
  const blocked = await db
    .select({ id: spaceBlockedDates.id, startDate: spaceBlockedDates.startDate, endDate: spaceBlockedDates.endDate })
    .from(spaceBlockedDates)
    .where(and(eq(spaceBlockedDates.spaceId, feed.spaceId), gte(spaceBlockedDates.endDate, since.toISOString().slice(0, 10))))
    .orderBy(asc(spaceBlockedDates.startDate))
    .limit(FEED_EVENTS_LIMIT);
  const calendar = new ICalCalendar({
    prodId: { company: 'ClinicShare', product: 'space availability', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: `ClinicShare: ${feed.title}`,
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const row of taken)
    calendar.createEvent({
      id: `space-booking-${row.id}@clinicshare`,
      stamp: now,
      start: row.startAt,
      end: row.endAt,
      summary: 'Booked',
      busystatus: ICalEventBusyStatus.BUSY,
    });
  for (const row of blocked)
    calendar.createEvent({
      id: `space-blocked-${row.id}@clinicshare`,
      stamp: now,
      // All-day: DATE values, the end exclusive (RFC 5545 §3.6.1).
      start: new Date(`${row.startDate}T00:00:00Z`),
      end: new Date(`${shiftDate(row.endDate, 1)}T00:00:00Z`),
      allDay: true,
      summary: 'Blocked',
      busystatus: ICalEventBusyStatus.BUSY,
    });
  return calendar.toString();
}
