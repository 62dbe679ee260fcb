/** Booking routes (SPEC section 7; docs/api.md). Identity from the session only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingPaymentIntentSchema, bookingSchema, createBookingPaymentIntentSchema, createBookingSchema, idParamSchema } from '../../shared/schemas';
import { requireSelf } from '../auth/session';
import { HttpError } from '../http/errors';
import type { Database } from '../db/client';
import type { PaymentProvider } from '../payments/provider';
import { createBookingPaymentIntent, createPaidBooking, listRenterBookings } from './service';

export const bookingRoutes: FastifyPluginAsyncZod<{ db: Database; payments: PaymentProvider | null }> = async (app, { db, payments }) => {
  const requirePayments = () => {
    if (!payments) throw new HttpError(503, 'Payment processing is currently not available. Please contact support.');
    return payments;
  };

  app.post(
    '/api/create-booking-payment-intent',
    { schema: { body: createBookingPaymentIntentSchema, response: { 200: bookingPaymentIntentSchema } }, config: { auth: 'required' } },
    async (request) => {
      const renter = requireSelf(request, request.body.userId);
      return createBookingPaymentIntent(db, requirePayments(), renter.id, request.body);
    },
  );

  app.post('/api/bookings', { schema: { body: createBookingSchema, response: { 200: bookingSchema, 201: bookingSchema } }, config: { auth: 'required' } }, async (request, reply) => {
    const renter = requireSelf(request, request.body.renterId);
    const { booking, created } = await createPaidBooking(db, requirePayments(), renter.id, request.body);
    return reply.status(created ? 201 : 200).send(booking);
  });

  app.get(
    '/api/users/:id/bookings',
    { schema: { params: z.object({ id: idParamSchema }), response: { 200: z.array(bookingSchema) } }, config: { auth: 'required' } },
    async (request) => {
      const user = requireSelf(request, request.params.id);
      return listRenterBookings(db, user.id);
    },
  );
};
