/**
 * Reviews (docs/decisions/028-reviews.md; docs/product.md#reviews): what a side writes about a
 * stay, the owner's reply, and the shapes the API answers with. Response types are inferred from
 * these schemas, never written twice.
 */
import { z } from 'zod';
import { textSchema } from './fields';

/** The longest comment or reply, in characters. */
export const REVIEW_COMMENT_MAX = 2000;
/** Reviews per page of `GET /api/spaces/{id}/reviews` and `GET /api/users/{id}/reviews`: default and most. */
export const REVIEW_PAGE_SIZE = 10;
export const REVIEW_PAGE_MAX = 50;

/** A rating: a whole number of stars from 1 to 5. */
export const ratingSchema = z
  .number({ error: 'Rating must be a whole number from 1 to 5' })
  .int('Rating must be a whole number from 1 to 5')
  .min(1, 'Rating must be a whole number from 1 to 5')
  .max(5, 'Rating must be a whole number from 1 to 5');

const reviewText = (label: string) =>
  textSchema
    .trim()
    .min(1, `Please write a ${label}`)
    .max(REVIEW_COMMENT_MAX, `Your ${label} must be at most ${REVIEW_COMMENT_MAX.toLocaleString('en-US')} characters`);

/** `POST /api/bookings/{id}/reviews`: the rating and the comment. */
export const createReviewSchema = z.strictObject({
  rating: ratingSchema,
  comment: reviewText('comment'),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;
export type CreateReview = z.output<typeof createReviewSchema>;

/** `POST /api/reviews/{id}/reply`: the owner's one public reply. */
export const reviewReplySchema = z.strictObject({ reply: reviewText('reply') });
export type ReviewReplyInput = z.input<typeof reviewReplySchema>;

/** Who wrote a review: the booking's renter or the space's owner. */
export const reviewSideSchema = z.enum(['renter', 'owner']);
export type ReviewSide = z.infer<typeof reviewSideSchema>;

// `@__PURE__` (here and below): schemas the app uses as types only (the server checks them); its bundle leaves them out.
/** A review as the API shows it: the reviewer by first name only; instants ISO-8601 UTC. */
export const reviewSchema = /* @__PURE__ */ z.object({
  id: z.uuid(),
  spaceId: z.uuid(),
  authorSide: reviewSideSchema,
  reviewerFirstName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
  /** When it is (or becomes) readable by everyone: when both sides had written, or when the window closed. */
  publishedAt: z.string(),
  /** Whether it is readable by everyone now. */
  published: z.boolean(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A space's rating from its published renter reviews: average to two decimals and count; null without reviews. */
export const spaceRatingSchema = /* @__PURE__ */ z.object({ average: z.number(), count: z.number().int().positive() }).nullable();
export type SpaceRating = z.infer<typeof spaceRatingSchema>;

/** Paging of the review lists. */
export const reviewPageQuerySchema = /* @__PURE__ */ z.object({
  limit: /* @__PURE__ */ z.coerce.number().int().min(1).max(REVIEW_PAGE_MAX).default(REVIEW_PAGE_SIZE),
  offset: /* @__PURE__ */ z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ReviewPageQuery = z.input<typeof reviewPageQuerySchema>;

/** `GET /api/spaces/{id}/reviews` and `GET /api/users/{id}/reviews`: a page, newest first, with the total. */
export const reviewPageSchema = /* @__PURE__ */ z.object({
  reviews: z.array(reviewSchema),
  total: /* @__PURE__ */ z.number().int().nonnegative(),
  /** The space's rating (for a user: the average of the page's reviews' subject, as a renter). */
  rating: spaceRatingSchema,
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** `GET /api/bookings/{id}/reviews`: a party's view of the reviews of their stay. */
export const bookingReviewsSchema = /* @__PURE__ */ z.object({
  /** The viewer's side. */
  side: reviewSideSchema,
  /** The stay's review window (from its end to 14 days later, exclusive). */
  opensAt: z.string(),
  closesAt: z.string(),
  /** Whether the viewer may write their review now (the window is open and they have not). */
  canReview: z.boolean(),
  mine: /* @__PURE__ */ reviewSchema.nullable(),
  /** Whether the other side has written theirs (its content only once published: `theirs`). */
  theirsWritten: z.boolean(),
  theirs: /* @__PURE__ */ reviewSchema.nullable(),
});
export type BookingReviews = z.infer<typeof bookingReviewsSchema>;
