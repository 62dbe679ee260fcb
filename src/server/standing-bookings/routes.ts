/**
 * Standing bookings (docs/decisions/041-standing-bookings.md): read by their renter and their
 * space's owner, ended with notice by either. Made at checkout (POST
 * /api/create-booking-payment-intent with `recurrence.standing`). Identity from the session only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../shared/schemas/fields';
import { standingBookingListSchema, standingBookingSchema } from '../../shared/schemas/standing-bookings';
import { requireSelf, requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import type { PaymentProvider } from '../payments/provider';
import { endStandingBooking } from './ending';
import { getStandingBooking, listStandingBookings } from './reads';

const idParams = z.object({ id: idParamSchema });
const auth = { auth: 'required' as const };

/** A standing booking's id from the path. @throws HttpError 404 not a UUID */
function standingId(id: string): string {
  if (!z.uuid().safeParse(id).success) throw notFound('Standing booking not found.');
  return id;
}

export const standingBookingRoutes: FastifyPluginAsyncZod<{ db: Database; payments: PaymentProvider | null }> = async (
  app,
  { db, payments },
) => {
  app.get(
    '/api/standing-bookings/:id',
    {
      schema: {
        summary: 'A standing booking: its schedule, billing, what is paid, the next charge and its occurrences.',
        description:
          '`StandingBooking` `{ id, spaceId, status: active | ending | ended, billing, noticeDays, paidThrough, ' +
          'nextChargeOn, nextChargeAmount, endsOn, occurrences }`. Renter and owner only (403), 404 unknown.',
        params: idParams,
        response: { 200: standingBookingSchema },
      },
      config: auth,
    },
    async (request) => getStandingBooking(db, standingId(request.params.id), requireUser(request).id),
  );

  app.get(
    '/api/users/:id/standing-bookings',
    {
      schema: {
        summary: "The user's standing bookings, as renter or as owner (own only).",
        description: '`StandingBooking[]`, newest first; those whose first period was never paid are left out. Own only (403).',
        params: idParams,
        response: { 200: standingBookingListSchema },
      },
      config: auth,
    },
    async (request) => listStandingBookings(db, requireSelf(request, request.params.id).id),
  );

  app.post(
    '/api/standing-bookings/:id/end',
    {
      schema: {
        summary: 'Ends a standing booking with notice (renter or owner).',
        description:
          'Answers the standing booking `ending`, with `endsOn` the later of today plus its notice and the end of ' +
          'its minimum term. Occurrences on or after `endsOn` are cancelled: unpaid ones are never charged, paid ' +
          'ones are refunded in full. 403 neither party, 404 unknown, 409 already ending or ended, or not started.',
        params: idParams,
        response: { 200: standingBookingSchema },
      },
      config: auth,
    },
    async (request) => endStandingBooking(db, payments, standingId(request.params.id), requireUser(request).id),
  );
};
