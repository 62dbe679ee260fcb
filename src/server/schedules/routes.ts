/** Schedule routes (their rules: the OpenAPI descriptions below): a listing's availability, and its blocked dates for the owner's calendar. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../shared/schemas/fields';
import { blockedDateSchema } from '../../shared/schemas/schedules';
import {
  availabilityQuerySchema,
  availabilitySchema,
  calendarEventsQuerySchema,
  calendarEventsSchema,
  createdBlockedDateSchema,
} from '../../shared/schemas/availability';
import { requireSelf, requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { addBlockedDate, ownerCalendarEvents, removeBlockedDate } from './owner-calendar';
import { spaceAvailability } from './service';

/** Any id string: a malformed one is simply not found (404). */
const idParams = z.object({ id: idParamSchema });
const blockedParams = z.object({ id: idParamSchema, blockedId: idParamSchema });

export interface ScheduleRoutesOptions {
  db: Database;
  /** Told after blocked dates are added or removed here: answers kept from them (the search's counts) are made again. */
  onBlockedDatesChanged?: () => void;
}

export const scheduleRoutes: FastifyPluginAsyncZod<ScheduleRoutesOptions> = async (app, { db, onBlockedDatesChanged }) => {
  // Public and CDN-cacheable (docs/decisions/024-cacheable-public-answers.md): its ETag changes with any booking or schedule change.
  app.get(
    '/api/spaces/:id/availability',
    {
      schema: {
        summary: 'The days and hours a space can be booked in a range.',
        description:
          'Query: `availabilityQuerySchema`: `from`, `to` (`YYYY-MM-DD`, local to the space, at most 93 days). `{ ' +
          'timeZone, pricePeriod, days: [{ date, open, slots: [{ start, end, available }] }] }` (`start`/`end` local ' +
          '`YYYY-MM-DDTHH:mm`): hourly spaces each bookable hour of the opening hours, session spaces each session, daily ' +
          'and monthly spaces one all-day slot per date; closed and blocked dates `open: false` with no slots; never says ' +
          'who booked (`src/shared/availability.ts`); public-cacheable (ETag, 304); 400 for a bad range, 404 unknown or ' +
          'archived space.',
        params: idParams,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
      config: { publicCache: true },
    },
    async (request) => spaceAvailability(db, request.params.id, request.query),
  );

  // The owner's calendar (docs/product.md#calendar): personal, never kept by a shared cache.
  app.get(
    '/api/users/:id/calendar-events',
    {
      schema: {
        summary: "The owner's calendar: bookings and blocked dates of their spaces in a range (own only).",
        description:
          "Query: `calendarEventsQuerySchema`: `from`, `to` (`YYYY-MM-DD`, each space's local dates, at most 93 days). `{ " +
          'spaces: [{ id, title, timeZone }], bookings: [{ bookingId, spaceId, spaceTitle, status, startAt, endAt, start, ' +
          "end, renterFirstName }], blockedDates: [{ id, spaceId, spaceTitle, start, end, note }] }`: the owner's listed " +
          'spaces and their bookings that overlap the range in statuses `awaiting_payment` (unexpired holds only), ' +
          '`pending`, `confirmed` and `cancelled` (`startAt`/`endAt` ISO UTC, `start`/`end` local `YYYY-MM-DDTHH:mm` in ' +
          "the space's zone), and the blocked date ranges that touch it (end inclusive, with the private note); own only " +
          '(403), `Cache-Control: private, no-store`; 400 for a bad range.',
        params: idParams,
        querystring: calendarEventsQuerySchema,
        response: { 200: calendarEventsSchema },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const user = requireSelf(request, request.params.id);
      reply.header('Cache-Control', 'private, no-store');
      return ownerCalendarEvents(db, user.id, request.query);
    },
  );

  app.post(
    '/api/spaces/:id/blocked-dates',
    {
      schema: {
        summary: 'Blocks dates of a space of the session user.',
        description:
          'Body: `blockedDateSchema`: `{ start, end, note? }` (`YYYY-MM-DD`, end inclusive). 201 `{ id, start, end, note, ' +
          'bookingsInside }`: the new range; bookings inside are kept (blocking never cancels one) and `bookingsInside` ' +
          'counts the pending, confirmed and held ones so the page can warn; the days are closed at once in the ' +
          'availability, the search by availability (its cached counts are cleared) and `GET /api/spaces/:id`; owner only ' +
          '(403), 404 unknown or archived space, 400 an inverted range or the space already has 100 ranges ' +
          '(`MAX_BLOCKED_DATE_RANGES`).',
        params: idParams,
        body: blockedDateSchema,
        response: { 201: createdBlockedDateSchema },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const created = await addBlockedDate(db, request.params.id, user.id, request.body);
      onBlockedDatesChanged?.();
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/spaces/:id/blocked-dates/:blockedId',
    {
      schema: {
        summary: 'Unblocks dates of a space of the session user.',
        description:
          '204: the range is removed and its days open again; owner only (403), 404 unknown space or a range that is not ' +
          "that space's.",
        params: blockedParams,
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await removeBlockedDate(db, request.params.id, user.id, request.params.blockedId);
      onBlockedDatesChanged?.();
      return reply.status(204).send();
    },
  );
};
