/** Booking routes (docs/product.md#api-calls; docs/api.md). Identity from the session only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingSeriesSchema, checkoutAnswerSchema, checkoutRequestSchema } from '../../shared/schemas/booking-series';
import {
  bookingAnswerSchema,
  bookingSchema,
  cancellationQuoteSchema,
  createBookingSchema,
  ownerBookingSchema,
} from '../../shared/schemas/bookings';
import { idParamSchema } from '../../shared/schemas/fields';
import { BOOKING_HOLDS_PER_HOUR } from '../../shared/constants';
import { requireSelf, requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import type { PaymentProvider } from '../payments/provider';
import { cancelBooking, quoteCancellation } from './cancellation';
import { answerRequest, cancelSeriesRest, getSeries, quoteSeriesCancellation, releaseAnyHold } from './series-answers';
import { createCheckout, createPaid } from './series-checkout';
import { getBooking, listBookingRequests, listOwnerSpaceBookings, listRenterBookings } from './reads';

const idParams = z.object({ id: idParamSchema });
/** A booking id that is not a uuid is simply not found. */
const bookingId = (id: string) => {
  if (!z.uuid().safeParse(id).success) throw notFound('Booking not found.');
  return id;
};

export const bookingRoutes: FastifyPluginAsyncZod<{ db: Database; payments: PaymentProvider | null }> = async (app, { db, payments }) => {
  const requirePayments = () => {
    if (!payments) throw new HttpError(503, 'Payment processing is currently not available. Please contact support.');
    return payments;
  };
  const auth = { auth: 'required' as const };

  app.post(
    '/api/create-booking-payment-intent',
    {
      schema: { body: checkoutRequestSchema, response: { 200: checkoutAnswerSchema } },
      // Per account; the cap on unpaid holds is checked as the hold is made (hold-limits.ts).
      config: { ...auth, rateLimit: { max: BOOKING_HOLDS_PER_HOUR, perSeconds: 60 * 60 } },
    },
    async (request) => {
      const renter = requireSelf(request, request.body.userId);
      // With `recurrence`, a series held whole and paid once (docs/decisions/026-booking-series.md).
      return createCheckout(db, requirePayments(), renter.id, request.body);
    },
  );

  app.post(
    '/api/bookings',
    { schema: { body: createBookingSchema, response: { 200: bookingSchema, 201: bookingSchema } }, config: auth },
    async (request, reply) => {
      const renter = requireSelf(request, request.body.renterId);
      const { booking, created } = await createPaid(db, requirePayments(), renter.id, request.body);
      return reply.status(created ? 201 : 200).send(booking);
    },
  );

  app.get(
    '/api/users/:id/bookings',
    { schema: { params: idParams, response: { 200: z.array(bookingSchema) } }, config: auth },
    async (request) => {
      const user = requireSelf(request, request.params.id);
      return listRenterBookings(db, user.id);
    },
  );

  app.get(
    '/api/users/:id/booking-requests',
    { schema: { params: idParams, response: { 200: z.array(ownerBookingSchema) } }, config: auth },
    async (request) => {
      const user = requireSelf(request, request.params.id);
      return listBookingRequests(db, user.id);
    },
  );

  app.get(
    '/api/users/:id/space-bookings',
    { schema: { params: idParams, response: { 200: z.array(ownerBookingSchema) } }, config: auth },
    async (request) => {
      const user = requireSelf(request, request.params.id);
      return listOwnerSpaceBookings(db, user.id);
    },
  );

  app.put(
    '/api/bookings/:id/accept',
    { schema: { params: idParams, body: bookingAnswerSchema, response: { 200: bookingSchema } }, config: auth },
    async (request) => {
      const owner = requireSelf(request, request.body?.userId);
      return answerRequest(db, requirePayments(), bookingId(request.params.id), owner.id, 'accept');
    },
  );

  app.put(
    '/api/bookings/:id/decline',
    { schema: { params: idParams, body: bookingAnswerSchema, response: { 200: bookingSchema } }, config: auth },
    async (request) => {
      const owner = requireSelf(request, request.body?.userId);
      return answerRequest(db, requirePayments(), bookingId(request.params.id), owner.id, 'decline');
    },
  );

  app.get('/api/bookings/:id', { schema: { params: idParams, response: { 200: bookingSchema } }, config: auth }, async (request) =>
    getBooking(db, bookingId(request.params.id), requireUser(request).id),
  );

  // The renter gives up an unpaid hold (the payment dialog closed): 204, its dates free at once.
  app.delete('/api/bookings/:id/hold', { schema: { params: idParams }, config: auth }, async (request, reply) => {
    await releaseAnyHold(db, requirePayments(), bookingId(request.params.id), requireUser(request).id);
    return reply.status(204).send();
  });

  app.get(
    '/api/bookings/:id/cancellation',
    { schema: { params: idParams, response: { 200: cancellationQuoteSchema } }, config: auth },
    async (request) => quoteCancellation(db, bookingId(request.params.id), requireUser(request).id),
  );

  app.put(
    '/api/bookings/:id/cancel',
    { schema: { params: idParams, body: bookingAnswerSchema, response: { 200: bookingSchema } }, config: auth },
    async (request) => {
      const user = requireSelf(request, request.body?.userId);
      return cancelBooking(db, requirePayments(), bookingId(request.params.id), user.id);
    },
  );

  // A recurring series (docs/decisions/026-booking-series.md): one payment over its occurrences.
  const seriesId = (id: string) => {
    if (!z.uuid().safeParse(id).success) throw notFound('Booking series not found.');
    return id;
  };

  app.get(
    '/api/booking-series/:id',
    { schema: { params: idParams, response: { 200: bookingSeriesSchema } }, config: auth },
    async (request) => getSeries(db, seriesId(request.params.id), requireUser(request).id),
  );

  app.get(
    '/api/booking-series/:id/cancellation',
    { schema: { params: idParams, response: { 200: cancellationQuoteSchema } }, config: auth },
    async (request) => quoteSeriesCancellation(db, seriesId(request.params.id), requireUser(request).id),
  );

  app.put(
    '/api/booking-series/:id/cancel',
    { schema: { params: idParams, body: bookingAnswerSchema, response: { 200: bookingSeriesSchema } }, config: auth },
    async (request) => {
      const user = requireSelf(request, request.body?.userId);
      return cancelSeriesRest(db, requirePayments(), seriesId(request.params.id), user.id);
    },
  );
};
