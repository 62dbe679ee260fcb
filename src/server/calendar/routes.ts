/**
 * Calendar routes (docs/api.md): a booking's calendar file, the signed-in user's feed address and its
 * rotation, and the feed itself, opened by its token alone (calendar apps send no cookie).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CALENDAR_CONTENT_TYPE } from '../../shared/booking-calendar';
import { calendarFeedSchema, calendarFeedTokenSchema } from '../../shared/schemas/calendar';
import { idParamSchema } from '../../shared/schemas/fields';
import { requireSelf, requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { textAnswer } from '../http/openapi';
import type { RouteRateLimit } from '../http/rate-limits';
import { bookingCalendarFile, calendarFeed, openCalendarFeed, rotateCalendarFeed } from './service';
import { openSpaceCalendarFeed, rotateSpaceCalendarFeed, spaceCalendarFeed } from './space-feed';

/**
 * Feed fetches per client address: 120 a minute. Generous, since one calendar service (Google's,
 * Apple's) fetches the feeds of many people from few addresses; it bounds what one address costs.
 */
export const FEED_RATE_LIMIT: RouteRateLimit = { max: 120, perSeconds: 60 };

const idParams = z.object({ id: idParamSchema });
/** A token in our format (a malformed one is 400 with the field); an unknown or rotated one is 404 (`calendarFeed`). */
const tokenParams = z.object({ token: calendarFeedTokenSchema });

/** Sends iCalendar text: personal, so neither cached nor stored on the way (RFC 9111 §5.2.2.5, §5.2.2.7). */
function sendCalendar(reply: FastifyReply, text: string, disposition?: string) {
  reply.header('Content-Type', CALENDAR_CONTENT_TYPE).header('Cache-Control', 'private, no-store');
  if (disposition) reply.header('Content-Disposition', disposition);
  return reply.send(text);
}

export const calendarRoutes: FastifyPluginAsyncZod<{ db: Database; publicUrl: string }> = async (app, { db, publicUrl }) => {
  const auth = { auth: 'required' as const };

  app.get(
    '/api/bookings/:id/calendar.ics',
    {
      schema: {
        summary: 'One booking as an iCalendar file.',
        description:
          'The booking as an iCalendar file (`text/calendar; charset=utf-8`, `Content-Disposition: attachment`, ' +
          '`Cache-Control: private, no-store`): one VEVENT with UID `booking-<id>@clinicshare` (the same in the ' +
          "confirmation email and the feed), SUMMARY with the space's title, LOCATION its address, DTSTART/DTEND with the " +
          "`TZID` of the space's zone, STATUS `TENTATIVE` (hold, request), `CONFIRMED`, or `CANCELLED` (cancelled, " +
          'declined, expired), DTSTAMP in UTC; written by `src/shared/booking-calendar.ts`; renter or owner only (403 ' +
          'anyone else), 404 unknown, 401 without a session.',
        params: idParams,
        response: { 200: textAnswer('text/calendar', 'The booking as an event (RFC 5545), as a download.') },
      },
      config: auth,
    },
    async (request, reply) => {
      const user = requireUser(request);
      // A booking id that is not a uuid is simply not found.
      if (!z.uuid().safeParse(request.params.id).success) throw notFound('Booking not found.');
      const text = await bookingCalendarFile(db, request.params.id, user.id, publicUrl);
      return sendCalendar(reply, text, 'attachment; filename="clinicshare-booking.ics"');
    },
  );

  app.get(
    '/api/users/:id/calendar-feed',
    {
      schema: {
        summary: "The address of the user's private calendar feed (own only).",
        description:
          '`CalendarFeed` `{ url, createdAt, rotatedAt }`, `Cache-Control: private, no-store`; own only (403). The first ' +
          "call makes the user's private feed and its `url` (`<PUBLIC_URL>/calendar/<token>.ics`, a 256-bit random " +
          'base64url token); the token is kept as its SHA-256 only, so later calls answer `url: null` (POST makes a new ' +
          'one).',
        params: idParams,
        response: { 200: calendarFeedSchema },
      },
      config: auth,
    },
    async (request, reply) => {
      const user = requireSelf(request, request.params.id);
      // The first answer carries the secret URL: never kept by a cache.
      reply.header('Cache-Control', 'private, no-store');
      return openCalendarFeed(db, user.id, publicUrl);
    },
  );

  app.post(
    '/api/users/:id/calendar-feed',
    {
      schema: {
        summary: 'Gives the calendar feed a new secret address; the old one stops working (own only).',
        description: '`CalendarFeed` with a new `url` (made if there was none): the old URL answers 404 from now on; own only (403).',
        params: idParams,
        response: { 200: calendarFeedSchema },
      },
      config: auth,
    },
    async (request, reply) => {
      const user = requireSelf(request, request.params.id);
      reply.header('Cache-Control', 'private, no-store');
      return rotateCalendarFeed(db, user.id, publicUrl);
    },
  );

  /** A space id that is not a uuid is simply not found. */
  const spaceIdOf = (id: string) => {
    if (!z.uuid().safeParse(id).success) throw notFound('Space not found.');
    return id;
  };

  app.get(
    '/api/spaces/:id/calendar-feed',
    {
      schema: {
        summary: "The address of the space's own calendar feed, for other sites to import (owner only).",
        description:
          '`CalendarFeed` `{ url, createdAt, rotatedAt }`, `Cache-Control: private, no-store`; the owner of the listed ' +
          'space only (403 anyone else, 404 unknown). The first call makes the feed and its `url` ' +
          '(`<PUBLIC_URL>/calendar/spaces/<token>.ics`); the token is kept as its SHA-256 only, so later calls answer ' +
          '`url: null` (POST makes a new one).',
        params: idParams,
        response: { 200: calendarFeedSchema },
      },
      config: auth,
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'private, no-store');
      return openSpaceCalendarFeed(db, spaceIdOf(request.params.id), user.id, publicUrl);
    },
  );

  app.post(
    '/api/spaces/:id/calendar-feed',
    {
      schema: {
        summary: "Gives the space's calendar feed a new secret address; the old one stops working (owner only).",
        description: '`CalendarFeed` with a new `url` (made if there was none): the old URL answers 404 from now on; owner only (403).',
        params: idParams,
        response: { 200: calendarFeedSchema },
      },
      config: auth,
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('Cache-Control', 'private, no-store');
      return rotateSpaceCalendarFeed(db, spaceIdOf(request.params.id), user.id, publicUrl);
    },
  );

  app.get(
    '/calendar/spaces/:token.ics',
    {
      schema: {
        summary: "A space's taken times as an iCalendar feed, by its secret address.",
        description:
          'No session, the token is the key (`text/calendar; charset=utf-8`, `Cache-Control: private, no-store`, ' +
          '`REFRESH-INTERVAL` one hour): each booking that holds its range (confirmed, pending, a hold not lapsed) ending ' +
          'at most 30 days ago or later as a "Booked" event in UTC, each blocked date range as an all-day "Blocked" event; ' +
          'never who booked, a price or a note, and not the busy times imported from other calendars. 400 for a token not ' +
          'in our format, 404 for an unknown or rotated one or a space no longer listed; 120 fetches a minute per client ' +
          'address (429).',
        params: tokenParams,
        response: { 200: textAnswer('text/calendar', "The space's taken times as events (RFC 5545).") },
      },
      config: { rateLimit: FEED_RATE_LIMIT },
    },
    async (request, reply) => sendCalendar(reply, await spaceCalendarFeed(db, request.params.token)),
  );

  app.get(
    '/calendar/:token.ics',
    {
      schema: {
        summary: "The user's bookings as an iCalendar feed, by its secret address.",
        description:
          "No session, the token is the key: the user's feed (`text/calendar; charset=utf-8`, `Cache-Control: private, " +
          'no-store`, `REFRESH-INTERVAL` one hour): their bookings as renter and as owner of the space that end at most ' +
          '30 days ago or later, earliest first, at most 1,000, each event as in GET /api/bookings/:id/calendar.ics; no ' +
          'holds in payment nor holds that lapsed unpaid (as the bookings list). 400 with the field for a token that is ' +
          'not in our format, 404 for an unknown one (a rotated one too, and any after a new password or a suspension); ' +
          '120 fetches a minute per client address (429).',
        params: tokenParams,
        response: { 200: textAnswer('text/calendar', 'The bookings as events (RFC 5545).') },
      },
      config: { rateLimit: FEED_RATE_LIMIT },
    },
    async (request, reply) => sendCalendar(reply, await calendarFeed(db, request.params.token, publicUrl)),
  );
};
