/** Rescheduling routes (docs/decisions/040-rescheduling.md; docs/api.md). Identity from the session only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingSchema } from '../../shared/schemas/bookings';
import { idParamSchema } from '../../shared/schemas/fields';
import {
  rescheduleAnswerSchema,
  rescheduleQuoteSchema,
  rescheduleRequestItemSchema,
  rescheduleRequestSchema,
  rescheduleSchema,
} from '../../shared/schemas/reschedules';
import { requireSelf, requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import type { PaymentProvider } from '../payments/provider';
import { answerReschedule, listRescheduleRequests, listReschedules, quoteReschedule, rescheduleBooking } from './service';

const idParams = z.object({ id: idParamSchema });
/** A booking id that is not a uuid is simply not found. */
const bookingId = (id: string) => {
  if (!z.uuid().safeParse(id).success) throw notFound('Booking not found.');
  return id;
};

const answeredSchema = bookingSchema.extend({ reschedule: rescheduleSchema });

export const rescheduleRoutes: FastifyPluginAsyncZod<{ db: Database; payments: PaymentProvider | null }> = async (
  app,
  { db, payments },
) => {
  const requirePayments = () => {
    if (!payments) throw new HttpError(503, 'Payment processing is currently not available. Please contact support.');
    return payments;
  };
  const auth = { auth: 'required' as const };

  app.post(
    '/api/bookings/:id/reschedule/quote',
    {
      schema: {
        summary: 'What moving a booking to another time would cost; changes nothing.',
        description:
          'Body `{ startDate, endDate }` in the booking format of its space (as checkout takes them). `RescheduleQuote` ' +
          '`{ priceDifference, newTotal, oldTotal, cancellationCost, freeWindow, startDate, endDate, units, ' +
          'needsOwnerAnswer, explanation }`: `priceDifference = newTotal - oldTotal + cancellationCost` (signed; ' +
          'positive charged, negative refunded), `cancellationCost` what cancelling now would keep under the policy ' +
          '(0 inside the free window). Renter only (403), 404 unknown, 400 bad dates, 409 a booking that cannot be moved.',
        params: idParams,
        body: rescheduleRequestSchema,
        response: { 200: rescheduleQuoteSchema },
      },
      config: auth,
    },
    async (request) => quoteReschedule(db, bookingId(request.params.id), requireUser(request).id, request.body),
  );

  app.put(
    '/api/bookings/:id/reschedule',
    {
      schema: {
        summary: 'The renter moves a booking to another time (or asks the owner to).',
        description:
          'Body `{ startDate, endDate }` (an occurrence of a series moves alone). Renter only (403), 404 unknown, 400 bad, ' +
          'past or schedule-refused dates; 409 when not confirmed (request-to-book: pending or confirmed), started, after ' +
          '3 changes, dates taken, changed meanwhile (two at once: one wins) or dearer ("This change costs more than ' +
          'your booking. Choose a time that costs the same or less."); nothing changes on an error. Instant book: the ' +
          'booking as GET /api/bookings/{id} answers it, moved, plus `priceDifference` (a negative one is refunded to ' +
          'the card) and `reschedule`. Request-to-book: `{ status: "reschedule_requested", priceDifference, ' +
          'reschedule, booking }`, the booking unchanged until the owner answers.',
        params: idParams,
        body: rescheduleRequestSchema,
        response: { 200: rescheduleAnswerSchema },
      },
      config: auth,
    },
    async (request) => rescheduleBooking(db, requirePayments(), bookingId(request.params.id), requireUser(request).id, request.body),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/api/bookings/:id/reschedule/${answer}`,
      {
        schema: {
          summary: `The owner ${answer}s the renter's request to move a booking.`,
          description:
            "The space's owner only (403), 404 unknown, 409 no open request. `Booking` with `reschedule`" +
            (answer === 'accept'
              ? ': the dates are checked again and the booking moved as the PUT moves it (409 taken, 400 no longer allowed).'
              : ': the booking stays as it is.'),
          params: idParams,
          response: { 200: answeredSchema },
        },
        config: auth,
      },
      async (request) => answerReschedule(db, requirePayments(), bookingId(request.params.id), requireUser(request).id, answer),
    );
  }

  app.get(
    '/api/bookings/:id/reschedules',
    {
      schema: {
        summary: "A booking's reschedules, newest first.",
        description: '`Reschedule[]` (every change made, asked, declined or withdrawn); renter or owner only (403), 404 unknown.',
        params: idParams,
        response: { 200: z.array(rescheduleSchema) },
      },
      config: auth,
    },
    async (request) => listReschedules(db, bookingId(request.params.id), requireUser(request).id),
  );

  app.get(
    '/api/users/:id/reschedule-requests',
    {
      schema: {
        summary: "Requests to move bookings of the owner's spaces, waiting for an answer (own only).",
        description: '`Reschedule[]` each with its `booking` (space and renter), oldest first; own only (403).',
        params: idParams,
        response: { 200: z.array(rescheduleRequestItemSchema) },
      },
      config: auth,
    },
    async (request) => listRescheduleRequests(db, requireSelf(request, request.params.id).id),
  );
};
