/**
 * Bookings in calendar apps (docs/api.md): one booking's calendar file for its renter or owner, and
 * each user's private feed of their bookings as renter and as owner. The files are written by
 * src/shared/booking-calendar.ts, as the confirmation email's is, so an event has one UID everywhere.
 *
 * A feed's URL carries a random token (32 bytes, base64url) that is its only key; like a session
 * token (src/server/auth/session.ts) it is kept as its SHA-256 only, so a copy of the database opens
 * no feed. Hence the server shows a feed's URL once, when it makes the token.
 */
import { and, asc, eq, gte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookingsCalendar, type CalendarBooking } from '../../shared/booking-calendar';
import { addressLine, bookingLink } from '../../shared/booking-notices';
import { calendarFeedTokenSchema, type CalendarFeed } from '../../shared/schemas/calendar';
import { timeZoneForState } from '../../shared/time-zones';
import { hashAccountToken, newAccountToken } from '../auth/account-tokens';
import { isListedBooking } from '../bookings/reads';
import type { Database } from '../db/client';
import { bookingReschedules, bookings, calendarFeeds, medicalSpaces, users } from '../db/schema';
import { forbidden, notFound } from '../http/errors';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A feed holds the bookings that ended at most this many days ago, and every later one. */
export const FEED_PAST_DAYS = 30;
/** A feed holds at most this many events, the earliest first. */
export const FEED_EVENTS_LIMIT = 1000;
/** How often a feed asks calendar apps to fetch it again: hourly. */
export const FEED_REFRESH_SECONDS = 60 * 60;

const renters = alias(users, 'renters');
const owners = alias(users, 'owners');

/** What an event needs of a booking, its space, its renter and its owner. */
const eventColumns = {
  id: bookings.id,
  status: bookings.status,
  startAt: bookings.startAt,
  endAt: bookings.endAt,
  renterId: bookings.renterId,
  ownerId: medicalSpaces.ownerId,
  // Moves made (docs/decisions/040-rescheduling.md): each raises the event's SEQUENCE.
  reschedules: sql<number>`(select count(*)::int from ${bookingReschedules} where ${bookingReschedules.bookingId} = ${bookings.id} and ${bookingReschedules.status} = 'accepted')`,
  space: {
    title: medicalSpaces.title,
    address: medicalSpaces.address,
    city: medicalSpaces.city,
    state: medicalSpaces.state,
    zipCode: medicalSpaces.zipCode,
    rules: medicalSpaces.rules,
  },
  renter: { firstName: renters.firstName, lastName: renters.lastName },
  owner: { firstName: owners.firstName, lastName: owners.lastName },
};

/** Bookings with their space and both parties, to be narrowed by `where`. */
function eventRows(db: Database) {
  return db
    .select(eventColumns)
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .innerJoin(renters, eq(renters.id, bookings.renterId))
    .innerJoin(owners, eq(owners.id, medicalSpaces.ownerId));
}
type EventRow = Awaited<ReturnType<typeof eventRows>>[number];

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** A row as its calendar event: times in the space's zone, a link to the booking under `publicUrl`. */
function toCalendarBooking(row: EventRow, publicUrl: string): CalendarBooking {
  return {
    bookingId: row.id,
    status: row.status,
    spaceTitle: row.space.title,
    address: addressLine(row.space),
    timeZone: timeZoneForState(row.space.state),
    startAt: row.startAt,
    endAt: row.endAt,
    renterName: fullName(row.renter),
    ownerName: fullName(row.owner),
    houseRules: row.space.rules?.trim() || null,
    url: `${publicUrl}${bookingLink(row.id)}`,
    reschedules: Number(row.reschedules),
  };
}

/**
 * GET /api/bookings/{id}/calendar.ics: the booking as a calendar file of one event, whatever its
 * status (a cancelled, declined or expired booking is a CANCELLED event).
 * @param bookingId a uuid (the route answers 404 for anything else)
 * @param userId the signed-in user, who must be the booking's renter or its space's owner
 * @param publicUrl the app's origin (`PUBLIC_URL`), for the link to the booking
 * @returns the iCalendar text
 * @throws HttpError 404 unknown booking, 403 anyone but its renter and owner
 */
export async function bookingCalendarFile(db: Database, bookingId: string, userId: string, publicUrl: string): Promise<string> {
  const [row] = await eventRows(db).where(eq(bookings.id, bookingId)).limit(1);
  if (!row) throw notFound('Booking not found.');
  if (row.renterId !== userId && row.ownerId !== userId) throw forbidden('Only the renter or the owner can see this booking.');
  return bookingsCalendar([toCalendarBooking(row, publicUrl)], { name: 'ClinicShare' });
}

/** A feed's address: `<PUBLIC_URL>/calendar/<token>.ics`. */
export function calendarFeedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/calendar/${token}.ics`;
}

/**
 * GET /api/users/{id}/calendar-feed: the user's feed, made on the first call. Only that call's
 * answer carries the URL; later ones answer `url: null` with when the feed was made and last rotated
 * (the token is kept hashed: see the module comment).
 */
export async function openCalendarFeed(db: Database, userId: string, publicUrl: string): Promise<CalendarFeed> {
  const token = newAccountToken();
  const [created] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: token.tokenHash })
    .onConflictDoNothing({ target: calendarFeeds.userId })
    .returning({ createdAt: calendarFeeds.createdAt });
  if (created) return { url: calendarFeedUrl(publicUrl, token.token), createdAt: created.createdAt.toISOString(), rotatedAt: null };
  const [feed] = await db
    .select({ createdAt: calendarFeeds.createdAt, rotatedAt: calendarFeeds.rotatedAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  if (!feed) throw new Error(`The calendar feed of user ${userId} is neither new nor stored`);
  return { url: null, createdAt: feed.createdAt.toISOString(), rotatedAt: feed.rotatedAt?.toISOString() ?? null };
}

/**
 * POST /api/users/{id}/calendar-feed: a new token for the user's feed (made if there was none); the
 * old URL answers 404 from now on.
 * @returns the feed with its new URL
 */
export async function rotateCalendarFeed(db: Database, userId: string, publicUrl: string, now = new Date()): Promise<CalendarFeed> {
  const token = newAccountToken();
  const [feed] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: token.tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: token.tokenHash, rotatedAt: now } })
    .returning({ createdAt: calendarFeeds.createdAt, rotatedAt: calendarFeeds.rotatedAt });
  if (!feed) throw new Error(`The calendar feed of user ${userId} was not stored`);
  return {
    url: calendarFeedUrl(publicUrl, token.token),
    createdAt: feed.createdAt.toISOString(),
    rotatedAt: feed.rotatedAt?.toISOString() ?? null,
  };
}

/**
 * GET /calendar/{token}.ics: the feed of the user whose token this is, as iCalendar text. It holds
 * the user's bookings as renter and as owner of the space that end after {@link FEED_PAST_DAYS}
 * days ago, earliest start first, at most {@link FEED_EVENTS_LIMIT}; not holds in payment nor holds
 * that lapsed unpaid (`isListedBooking`, as the bookings list). Requests are TENTATIVE events,
 * cancelled, declined and expired bookings CANCELLED ones.
 * @param now the instant the 30 days are counted back from
 * @throws HttpError 404 for a token that is malformed or not one of ours
 */
export async function calendarFeed(db: Database, token: string, publicUrl: string, now = new Date()): Promise<string> {
  if (!calendarFeedTokenSchema.safeParse(token).success) throw notFound('Calendar feed not found.');
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashAccountToken(token)))
    .limit(1);
  if (!feed) throw notFound('Calendar feed not found.');
  const rows = await eventRows(db)
    .where(
      and(
        or(eq(bookings.renterId, feed.userId), eq(medicalSpaces.ownerId, feed.userId)),
        gte(bookings.endAt, new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS)),
        isListedBooking(),
      ),
    )
    .orderBy(asc(bookings.startAt), asc(bookings.id))
    .limit(FEED_EVENTS_LIMIT);
  return bookingsCalendar(
    rows.map((row) => toCalendarBooking(row, publicUrl)),
    { name: 'ClinicShare bookings', stamp: now, refreshSeconds: FEED_REFRESH_SECONDS },
  );
}
