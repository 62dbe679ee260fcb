/** Schedule routes (docs/api.md "Schedules"): a listing's availability, and its blocked dates for the owner's calendar. */
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
    { schema: { summary: 'Unblocks dates of a space of the session user.', params: blockedParams }, config: { auth: 'required' } },
    async (request, reply) => {
      const user = requireUser(request);
      await removeBlockedDate(db, request.params.id, user.id, request.params.blockedId);
      onBlockedDatesChanged?.();
      return reply.status(204).send();
    },
  );
};
