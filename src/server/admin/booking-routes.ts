/**
 * The console's bookings and payments routes (docs/decisions/031-console-refunds-and-booking-history.md;
 * docs/api.md "The console"), registered inside {@link adminRoutes} so that its one guard
 * (`config: { auth: 'admin' }`, 404 to anyone else) covers them.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBookingSchema,
  adminBookingsPageSchema,
  adminBookingsQuerySchema,
  adminRefundSchema,
  idempotencyKeySchema,
} from '../../shared/schemas/admin-bookings';
import { idParamSchema } from '../../shared/schemas/fields';
import { requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import type { PaymentProvider } from '../payments/provider';
import { adminBooking, adminBookings, refundBooking } from './bookings';

const idParams = z.object({ id: idParamSchema });

/** Registers `GET /api/admin/bookings`, `GET /api/admin/bookings/{id}` and `POST /api/admin/bookings/{id}/refund`. */
export function registerAdminBookingRoutes(app: FastifyInstance, db: Database, payments: PaymentProvider | null): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/admin/bookings',
    {
      schema: {
        summary:
          'Console: bookings a user made or received, of a space, or found by `q` (a receipt number, an email, 8+ characters of an id), newest first, a page at a time.',
        querystring: adminBookingsQuerySchema,
        response: { 200: adminBookingsPageSchema },
      },
      config: { auth: 'admin' },
    },
    async (request) => adminBookings(db, request.query),
  );

  typed.get(
    '/api/admin/bookings/:id',
    {
      schema: {
        summary: 'Console: a booking with its space, renter, owner, status history and payment (or its series and its payment).',
        params: idParams,
        response: { 200: adminBookingSchema },
      },
      config: { auth: 'admin' },
    },
    async (request) => adminBooking(db, payments, request.params.id),
  );

  typed.post(
    '/api/admin/bookings/:id/refund',
    {
      schema: {
        summary: "Console: refunds part or all of a confirmed booking's payment (all of it cancels the booking); the renter is told.",
        params: idParams,
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
        body: adminRefundSchema,
        response: { 200: adminBookingSchema },
      },
      config: { auth: 'admin' },
    },
    async (request) => {
      if (!payments) throw new HttpError(503, 'Payment processing is currently not available. Please contact support.');
      return refundBooking(db, payments, requireUser(request), request.params.id, request.body, request.headers['idempotency-key']);
    },
  );
}
