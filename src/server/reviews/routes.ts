/**
 * Review routes (docs/api.md; docs/decisions/028-reviews.md): a party writes their review of a
 * completed stay and reads their side of it; the owner replies once; everyone reads the published
 * reviews of a space and those about a user as a renter. Identity from the session only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../shared/schemas/fields';
import {
  bookingReviewsSchema,
  createReviewSchema,
  reviewPageQuerySchema,
  reviewPageSchema,
  reviewReplySchema,
  reviewSchema,
} from '../../shared/schemas/reviews';
import { requireUser } from '../auth/session';
import type { Database } from '../db/client';
import { createReview, getBookingReviews, listSpaceReviews, listUserReviews, replyToReview } from './service';

const idParams = z.object({ id: idParamSchema });

export const reviewRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const auth = { auth: 'required' as const, rateLimit: { max: 30, perSeconds: 60 } };

  app.post(
    '/api/bookings/:id/reviews',
    {
      schema: {
        summary: 'Writes the session user’s review of a completed booking (renter or owner, once, within 14 days of its end).',
        description:
          'Body: `createReviewSchema` (`rating` whole 1-5, `comment` 1-2,000 characters). 201 `Review`; the renter or the ' +
          "space's owner only (403), 404 unknown booking; 409 before the stay ends, after its 14-day window, for a " +
          'booking never confirmed, or a second review by the same side (a series is one stay); 400 bad input, nothing ' +
          'saved. Published when both sides have written or the window closes (docs/decisions/028-reviews.md).',
        params: idParams,
        body: createReviewSchema,
        response: { 201: reviewSchema },
      },
      config: auth,
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await createReview(db, request.params.id, user.id, request.body));
    },
  );

  app.get(
    '/api/bookings/:id/reviews',
    {
      schema: {
        summary: "A party's view of a booking's reviews: the window, their own, and the other side's once published.",
        description:
          "`BookingReviews`: the viewer's side, the window (`opensAt`, `closesAt`), `canReview`, their own review, " +
          "`theirsWritten` and the other side's review once published; the two parties only (403).",
        params: idParams,
        response: { 200: bookingReviewsSchema },
      },
      config: { auth: 'required' as const },
    },
    async (request) => getBookingReviews(db, request.params.id, requireUser(request).id),
  );

  app.post(
    '/api/reviews/:id/reply',
    {
      schema: {
        summary: "The space owner's one public reply to a published review of their space.",
        description:
          "Body: `reviewReplySchema` (`reply` 1-2,000 characters). 201 `Review` with the reply; the space's owner only " +
          '(403); 404 unknown or not yet published; 409 a second reply.',
        params: idParams,
        body: reviewReplySchema,
        response: { 201: reviewSchema },
      },
      config: auth,
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await replyToReview(db, request.params.id, user.id, request.body.reply));
    },
  );

  app.get(
    '/api/spaces/:id/reviews',
    {
      schema: {
        summary: "A space's published reviews, newest first, a page at a time, with its rating.",
        description:
          "Query: `limit` (1-50, default 10), `offset`. `ReviewPage`: the space's published renter reviews newest first " +
          "(reviewer's first name, rating, comment, reply), `total`, the space's `rating`; public, ETag.",
        params: idParams,
        querystring: reviewPageQuerySchema,
        response: { 200: reviewPageSchema },
      },
      // Public for seconds with an ETag, like the space itself (docs/decisions/024-cacheable-public-answers.md).
      config: { publicCache: true },
    },
    async (request) => listSpaceReviews(db, request.params.id, request.query),
  );

  app.get(
    '/api/users/:id/reviews',
    {
      schema: {
        summary: 'The published reviews owners wrote about a user as a renter, newest first, a page at a time.',
        description:
          'Query: `limit`, `offset`. `ReviewPage`: the published reviews owners wrote about the user as a renter, newest ' +
          'first, with their average; public.',
        params: idParams,
        querystring: reviewPageQuerySchema,
        response: { 200: reviewPageSchema },
      },
    },
    async (request) => listUserReviews(db, request.params.id, request.query),
  );
};
