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
import { noContent } from '../http/openapi';
import type { PaymentProvider } from '../payments/provider';
import { cancelBooking, quoteCancellation } from './cancellation';
import { answerRequest } from './owner-answers';
import { cancelSeriesRest, getSeries, quoteSeriesCancellation } from './series';
import { createCheckout, releaseHold } from './checkout';
import { createPaid } from './confirmation';
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
      schema: {
        summary: 'Holds the dates of a booking (or a series) and starts its card payment.',
        description:
          'Body: `checkoutRequestSchema`: `createBookingPaymentIntentSchema` (with `agreementVersion`, optional (left ' +
          "out: the version in force): the renter's clickwrap acceptance of the space-use agreement, the template version " +
          'shown beside the pay button, `AGREEMENT_VERSION` in `src/shared/constants.ts`) plus, for a weekly series, ' +
          '`recurrence?` (`{ weekdays, until? | count? }`, one of the two, at most 26 weeks) and `skipConflicts?`. ' +
          '`BookingPaymentIntent` (`bookingId`, `holdExpiresAt`, `instantBook`, `clientSecret`, `amount`, ' +
          '`platformFeeAmount`, `ownerConnected`, `isFirstTransaction`, `units`): the booking is created as a 15-minute ' +
          'hold (`awaiting_payment`) priced once; the same `idempotencyKey` and dates return the same hold; 400 bad ' +
          'dates, 400 "Invalid Amount: ..." for a total under $1.00 (before any provider call), 409 dates taken or held ' +
          "by another renter or busy in the owner's imported calendar (`TIME_BUSY`; docs/decisions/038-calendar-import.md); 429 + Retry-After when the renter already has 5 unpaid holds (`MAX_UNPAID_HOLDS`; the " +
          'message names them, space and dates, to finish paying for or cancel (DELETE /api/bookings/:id/hold); ' +
          'Retry-After until the first ends) or has asked 30 times in the hour (per account); 400 when the schedule does ' +
          'not allow the dates, saying which rule: closed at that time, blocked by the owner, not one of the sessions, ' +
          'inside the minimum notice, past the horizon, or inside the buffer between bookings (`scheduleProblemMessage` ' +
          'in `src/shared/availability.ts`); with `recurrence` (docs/decisions/026-booking-series.md) every occurrence is ' +
          'checked and held in one transaction and paid by one intent for the whole series (`amount`, `platformFeeAmount` ' +
          "and `units` are the series'), answered with `seriesId`, `occurrences: [{ bookingId, startDate, endDate }]` and " +
          '`skipped`; 409 `{ message, conflicts: [{ startDate, endDate, reason }] }` names every occurrence that cannot ' +
          'be booked (none is held), unless `skipConflicts`; 400 for a recurrence that does not fit (no weekday, past 26 ' +
          'weeks, a first date on another weekday, a monthly space); 400 without `agreementVersion` ("Accept the ' +
          'space-use agreement to book: ...", nothing held), 409 for a version no longer in force ("The space-use ' +
          'agreement has changed since you opened it ..."); the acceptance (time, version, SHA-256 of the booking\'s ' +
          'agreement text) is stored with the hold, on every occurrence of a series ' +
          '(docs/decisions/027-receipts-and-agreements.md).',
        body: checkoutRequestSchema,
        response: { 200: checkoutAnswerSchema },
      },
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
    {
      schema: {
        summary: 'Records a paid booking from its payment.',
        description:
          'Body: `createBookingSchema` (with `paymentIntentId`). Finds the hold of the intent, verifies the payment with ' +
          'the provider and moves it on: 201 `Booking` with status `confirmed` (instant booking) or `pending` ' +
          '(request-to-book, card authorised); retries 200 with the same booking; 402 payment not completed, 409 the hold ' +
          'lapsed first (the payment is returned, once); 409 for a booking that was cancelled ("This booking was ' +
          'cancelled..."), declined or expired as a request: nothing changes and no money moves (its refund stays the one ' +
          'decided).',
        body: createBookingSchema,
        response: { 200: bookingSchema, 201: bookingSchema },
      },
      config: auth,
    },
    async (request, reply) => {
      const renter = requireSelf(request, request.body.renterId);
      const { booking, created } = await createPaid(db, requirePayments(), renter.id, request.body);
      return reply.status(created ? 201 : 200).send(booking);
    },
  );

  app.get(
    '/api/users/:id/bookings',
    {
      schema: {
        summary: "The user's bookings as a renter (own only).",
        description:
          '`Booking[]` with `space` (holds in payment left out), each with `paymentStatus` and `amountRefunded`; own only (403).',
        params: idParams,
        response: { 200: z.array(bookingSchema) },
      },
      config: auth,
    },
    async (request) => {
      const user = requireSelf(request, request.params.id);
      return listRenterBookings(db, user.id);
    },
  );

  app.get(
    '/api/users/:id/booking-requests',
    {
      schema: {
        summary: "Booking requests waiting for the owner's answer (own only).",
        description:
          "The owner's `pending` requests with `space`, `renter { firstName, lastName, specialty }` and `outsideSchedule` (true when " +
          "the listing's current schedule leaves the request out, docs/product.md#schedules); own only (403).",
        params: idParams,
        response: { 200: z.array(ownerBookingSchema) },
      },
      config: auth,
    },
    async (request) => {
      const user = requireSelf(request, request.params.id);
      return listBookingRequests(db, user.id);
    },
  );

  app.get(
    '/api/users/:id/space-bookings',
    {
      schema: {
        summary: "Bookings of the owner's spaces (own only).",
        description:
          "`Booking[]`: the `confirmed` and `cancelled` bookings of the owner's spaces, and any whose payment is disputed " +
          '(`disputeStatus` set) whatever its status, with `space`, `renter { firstName, lastName, specialty }` and ' +
          "`outsideSchedule` (true for an upcoming `confirmed` booking that the listing's current hours, sessions or " +
          'blocked dates leave out: it stays booked, flagged to the owner), newest first (at most 100); own only (403).',
        params: idParams,
        response: { 200: z.array(ownerBookingSchema) },
      },
      config: auth,
    },
    async (request) => {
      const user = requireSelf(request, request.params.id);
      return listOwnerSpaceBookings(db, user.id);
    },
  );

  app.put(
    '/api/bookings/:id/accept',
    {
      schema: {
        summary: 'The owner accepts a booking request.',
        description:
          "Body: optional `{ userId }` (the session user). The space's owner only (403): claims the request " +
          '(`accepting_at`), then captures the payment once, `confirmed`; 409 when not pending, expired or already being ' +
          'accepted (a concurrent accept, decline or expiry touches no money); 402 when the capture fails ("The payment ' +
          'could not be captured. The request is still pending; please try again.", the claim cleared) or the card\'s ' +
          'authorisation is gone (the request is declined, nothing charged); 503 when the provider cannot be reached (the ' +
          'claim stays until the reconciliation job reads the intent: captured -> `confirmed`, still authorised -> ' +
          'pending again); an occurrence of a series answers the whole series (one request).',
        params: idParams,
        body: bookingAnswerSchema,
        response: { 200: bookingSchema },
      },
      config: auth,
    },
    async (request) => {
      const owner = requireSelf(request, request.body?.userId);
      return answerRequest(db, requirePayments(), bookingId(request.params.id), owner.id, 'accept');
    },
  );

  app.put(
    '/api/bookings/:id/decline',
    {
      schema: {
        summary: 'The owner declines a booking request; the renter is refunded.',
        description:
          "Body: optional `{ userId }`. The space's owner only (403): releases the card, `declined`; 409 when not pending " +
          'or being accepted; an occurrence of a series answers the whole series (one request).',
        params: idParams,
        body: bookingAnswerSchema,
        response: { 200: bookingSchema },
      },
      config: auth,
    },
    async (request) => {
      const owner = requireSelf(request, request.body?.userId);
      return answerRequest(db, requirePayments(), bookingId(request.params.id), owner.id, 'decline');
    },
  );

  app.get(
    '/api/bookings/:id',
    {
      schema: {
        summary: 'One booking of the session user (as renter or owner).',
        description:
          'One `Booking` with `space`, `renter { firstName, lastName, specialty }`, `paymentStatus` and `amountRefunded`; its renter ' +
          "or its space's owner only (403 anyone else), 404 unknown, 401 without a session.",
        params: idParams,
        response: { 200: bookingSchema },
      },
      config: auth,
    },
    async (request) => getBooking(db, bookingId(request.params.id), requireUser(request).id),
  );

  // The renter gives up an unpaid hold (the payment dialog closed): 204, its dates free at once.
  app.delete(
    '/api/bookings/:id/hold',
    {
      schema: {
        summary: 'The renter gives up an unpaid hold; its dates are free at once.',
        description:
          "The hold's renter gives up an unpaid hold (the payment dialog closed without paying): 204; the hold becomes " +
          '`expired`, its dates are free at once and it no longer counts towards the 5 unpaid holds; its payment intent ' +
          'is cancelled with the provider (`paymentStatus` `canceled`). Releasing a hold that already ended unpaid is 204 ' +
          'and changes nothing (the provider is not asked again). 409 and nothing changes for anything but a hold waiting ' +
          'for payment, including a hold whose payment is going through or went through at the provider (authorised or ' +
          'paid; POST /api/bookings or the webhook settles it); the renter only (403 anyone else, the owner too), 404 ' +
          "unknown, 401 without a session; an occurrence's hold is its whole series'.",
        params: idParams,
        response: { 204: noContent('The hold is released.') },
      },
      config: auth,
    },
    async (request, reply) => {
      await releaseHold(db, requirePayments(), bookingId(request.params.id), requireUser(request).id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/bookings/:id/cancellation',
    {
      schema: {
        summary: 'What cancelling a booking now would refund.',
        description:
          '`CancellationQuote` `{ refundAmount, totalPrice, cancellationPolicyTier, keptFeeAmount, reason }`: what ' +
          'cancelling now would refund, the first-booking platform fee it would keep (`"0.00"` when none) and why, in ' +
          'plain English (`reason`, e.g. "The platform fee of $12.00 is kept: it was charged on your first booking with ' +
          'this owner and you hold other bookings with them. Under the Moderate policy, cancelling now refunds 50% of the ' +
          'remaining $108.00: $54.00."); renter or owner only.',
        params: idParams,
        response: { 200: cancellationQuoteSchema },
      },
      config: auth,
    },
    async (request) => quoteCancellation(db, bookingId(request.params.id), requireUser(request).id),
  );

  app.put(
    '/api/bookings/:id/cancel',
    {
      schema: {
        summary: 'Cancels a booking (renter or owner) and refunds what the rules give.',
        description:
          'Body: optional `{ userId }`. Renter (refund by the policy tier) or owner (full refund) cancels a confirmed ' +
          'booking that has not ended: `cancelled` with `refundAmount` (decided) and `amountRefunded` (made); 409 ' +
          'otherwise (the loser of two cancels at once refunds nothing). A renter cancelling the booking that carried the ' +
          "first-booking fee while holding other bookings with the owner gets the policy's share of the total less the " +
          "fee; the fee is kept and the pair's later bookings carry none " +
          '(docs/decisions/008-first-booking-fee-on-cancellation.md).',
        params: idParams,
        body: bookingAnswerSchema,
        response: { 200: bookingSchema },
      },
      config: auth,
    },
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
    {
      schema: {
        summary: 'One booking series with its occurrences.',
        description:
          "`BookingSeries` (`bookingSeriesSchema`: the series' `recurrence`, `totalPrice`, `platformFeeAmount`, " +
          "`paymentStatus`, `amountRefunded` and its `occurrences`, earliest first) for its renter or its space's owner; " +
          '403 anyone else, 404 unknown.',
        params: idParams,
        response: { 200: bookingSeriesSchema },
      },
      config: auth,
    },
    async (request) => getSeries(db, seriesId(request.params.id), requireUser(request).id),
  );

  app.get(
    '/api/booking-series/:id/cancellation',
    {
      schema: {
        summary: 'What cancelling a booking series now would refund.',
        description:
          '`CancellationQuote` for cancelling the rest (its confirmed occurrences that have not ended), each by its own ' +
          'tier; 409 when nothing is left.',
        params: idParams,
        response: { 200: cancellationQuoteSchema },
      },
      config: auth,
    },
    async (request) => quoteSeriesCancellation(db, seriesId(request.params.id), requireUser(request).id),
  );

  app.put(
    '/api/booking-series/:id/cancel',
    {
      schema: {
        summary: 'Cancels the occurrences of a booking series still to come.',
        description:
          'Body: optional `{ userId }`. `BookingSeries`: the rest cancelled at once (renter: each by its tier; owner: in ' +
          "full), refunded as one refund of the series' payment; 403 neither renter nor owner, 409 nothing left to " +
          'cancel.',
        params: idParams,
        body: bookingAnswerSchema,
        response: { 200: bookingSeriesSchema },
      },
      config: auth,
    },
    async (request) => {
      const user = requireSelf(request, request.body?.userId);
      return cancelSeriesRest(db, requirePayments(), seriesId(request.params.id), user.id);
    },
  );
};
