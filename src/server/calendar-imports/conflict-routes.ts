/** The conflicts inbox's routes: imported busy times overlapping bookings (docs/decisions/038-calendar-import.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarConflictActionSchema, calendarConflictListSchema, calendarConflictSchema } from '../../shared/schemas/calendar-imports';
import { idParamSchema } from '../../shared/schemas/fields';
import { requireSelf, requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import type { PaymentProvider } from '../payments/provider';
import { listCalendarConflicts, resolveCalendarConflict } from './conflicts';

const idParams = z.object({ id: idParamSchema });

const RECORD =
  '`{ id, status, importId, importName, spaceId, spaceTitle, timeZone, busyStartAt, busyEndAt, createdAt, booking: { id, ' +
  'status, startAt, endAt, renterFirstName } }` (instants ISO UTC; never the imported event’s title or details)';

export const calendarConflictRoutes: FastifyPluginAsyncZod<{ db: Database; payments: PaymentProvider | null }> = async (
  app,
  { db, payments },
) => {
  const requirePayments = () => {
    if (!payments) throw new HttpError(503, 'Payment processing is currently not available. Please contact support.');
    return payments;
  };

  app.get(
    '/api/users/:id/calendar-conflicts',
    {
      schema: {
        summary: "The owner's calendar conflicts: imported busy times overlapping bookings (own only).",
        description:
          `[${RECORD}], newest first: the open conflicts whose booking is still confirmed, pending or held and has not ` +
          'ended. A sync records one for each busy time overlapping such a booking and tells the owner (notification ' +
          '`calendar_conflict`); an open one goes when its busy time leaves the feed. Own only (403), ' +
          '`Cache-Control: private, no-store`.',
        params: idParams,
        response: { 200: calendarConflictListSchema },
      },
      config: { auth: 'required' },
    },
    async (request, reply) => {
      const user = requireSelf(request, request.params.id);
      reply.header('Cache-Control', 'private, no-store');
      return listCalendarConflicts(db, user.id);
    },
  );

  app.post(
    '/api/calendar-conflicts/:id',
    {
      schema: {
        summary: 'Decides a calendar conflict: keep the booking or cancel it.',
        description:
          "Body: `calendarConflictActionSchema`: `{ action: 'keep' | 'cancel_booking' }`. `keep`: that busy time is " +
          'ignored for that booking from then on (a later sync does not raise it again). `cancel_booking`: the booking is ' +
          'cancelled as owners cancel (full refund, the renter told); only a confirmed booking that has not ended (409 ' +
          `otherwise: a request is declined instead). 200 ${RECORD} after. Owner of the space only (403), 404 unknown, ` +
          '409 already decided, 400 bad input (nothing changes). Nothing is cancelled without this call.',
        params: idParams,
        body: calendarConflictActionSchema,
        response: { 200: calendarConflictSchema },
      },
      config: { auth: 'required' },
    },
    async (request) => {
      const user = requireUser(request);
      return resolveCalendarConflict(db, requirePayments, request.params.id, user.id, request.body.action);
    },
  );
};
