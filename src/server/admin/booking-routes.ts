/**
 * The console's bookings and payments routes (docs/decisions/031-console-refunds-and-booking-history.md;
 * docs/api.md "The operators' console"), registered inside {@link adminRoutes} so that its one guard
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
        description:
          "Query: `userId`, `spaceId`, `q`, `page`. `{ bookings, page, hasMore }`, newest first, 50 a page: a user's " +
          "bookings as renter or as owner of the space, a space's, or those `q` finds: a receipt number " +
          "(`CS-2026-000001`, any case: its booking, or every occurrence of its series), the renter's or the owner's " +
          'email, or the first 8 or more characters of a booking id (at least one of the three; else, or for another `q`, ' +
          '400). Each row has `spaceTimeZone`: the console shows times in it, with its name.',
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
        description:
          'The booking with its space, renter and owner, its status `history` (`{ fromStatus, toStatus, at, reconstructed ' +
          '}`, oldest first; `reconstructed` for bookings older than the history), its `payment` read from the provider ' +
          '(`intentId, amount, fee, paid, refunded, refundable, paymentStatus, providerStatus`), for a series occurrence ' +
          "its `series` (`id, totalPrice, occurrences, payment`) instead, the console's `refunds`, and `refundable` (what " +
          "a refund may ask for now). A booking's `space` has its `timeZone`: the console shows times in it, with its " +
          'name. 404 unknown (docs/decisions/031-console-refunds-and-booking-history.md).',
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
        description:
          "Body `{ amount, reason }`, optional header `Idempotency-Key`: refunds `amount` of a confirmed booking's " +
          'payment through the provider and answers the booking as `GET /api/admin/bookings/:id`. All that is left ' +
          'cancels the booking (the renter and owner are told as for a cancellation); part of it leaves it confirmed and ' +
          "the renter is told the amount and the reason. The same key answers the first request's result without a second " +
          'refund (the same key for another amount: 409); without a key, the same amount asked by the same operator ' +
          "within a minute is taken for the same request. A series occurrence is refunded from the series' payment, in " +
          'part (it stays confirmed) or all of its share still unrefunded (it is cancelled): the refund is decided on the ' +
          "occurrence and made by the series' settler (or the reconciliation job), at most its price less what was " +
          "decided for it before, and at most what is left of the series' payment. Errors: 400 amount malformed, zero, or " +
          'over `refundable` (the message says the most); 409 booking not confirmed or not paid, or another refund of the ' +
          'same payment under way; 404 unknown; 502 the provider refused (nothing recorded); 503 payments off ' +
          '(docs/decisions/031-console-refunds-and-booking-history.md).',
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
