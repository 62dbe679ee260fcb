/**
 * Reviews (docs/decisions/028-reviews.md; docs/product.md#reviews): each side of a completed stay
 * (a confirmed booking that has ended, or a whole series, which ends with its last confirmed
 * occurrence) may review the other once within 14 days of the end (`src/shared/reviews.ts`).
 * Double-blind: a review is readable by anyone but its author only from its `published_at`, which
 * is the window's close, or the moment the other side writes theirs; readers compare it with now.
 * The space owner may reply once, publicly, to a published review of their space.
 */
import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { reviewWindow, reviewWindowState, stayEnd } from '../../shared/reviews';
import type {
  BookingReviews,
  CreateReview,
  Review,
  ReviewPage,
  ReviewPageQuery,
  ReviewSide,
  SpaceRating,
} from '../../shared/schemas/reviews';
import { reviewPageQuerySchema } from '../../shared/schemas/reviews';
import type { Database } from '../db/client';
import { bookingSeries, bookings, medicalSpaces, reviews, users } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { foldPublishedRatings, foldPublishedRatingsWhenDue, noteReviewToCount, ratingOf } from '../ratings/stored-rating';

type ReviewRow = typeof reviews.$inferSelect;

/** A stay as reviews see it: who its parties are and when it ended (null: nothing confirmed). */
export interface Stay {
  /** The booking asked about. */
  bookingId: string;
  seriesId: string | null;
  spaceId: string;
  renterId: string;
  ownerId: string;
  /** The end of its last confirmed booking, or null when none is confirmed (never completed). */
  end: Date | null;
}

/**
 * The stay of `bookingId`: the booking, or its whole series. With `lock`, the stay's row (the single
 * booking, or the series) is locked for the transaction, so that the two sides writing at once are
 * serialised and the second always sees the first (and publishes both).
 * @returns null when there is no such booking
 */
export async function loadStay(tx: Database, bookingId: string, lock = false): Promise<Stay | null> {
  if (!z.uuid().safeParse(bookingId).success) return null;
  const [booking] = await tx
    .select({
      id: bookings.id,
      seriesId: bookings.seriesId,
      spaceId: bookings.spaceId,
      renterId: bookings.renterId,
      ownerId: medicalSpaces.ownerId,
    })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!booking) return null;
  if (lock) {
    if (booking.seriesId)
      await tx.select({ id: bookingSeries.id }).from(bookingSeries).where(eq(bookingSeries.id, booking.seriesId)).for('update');
    else await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).for('update');
  }
  const confirmed = await tx
    .select({ endAt: bookings.endAt })
    .from(bookings)
    .where(and(booking.seriesId ? eq(bookings.seriesId, booking.seriesId) : eq(bookings.id, booking.id), eq(bookings.status, 'confirmed')));
  return {
    bookingId: booking.id,
    seriesId: booking.seriesId,
    spaceId: booking.spaceId,
    renterId: booking.renterId,
    ownerId: booking.ownerId,
    end: stayEnd(confirmed.map((row) => row.endAt)),
  };
}

/** The reviews of a stay (at most one per side). */
async function stayReviews(tx: Database, stay: Stay): Promise<ReviewRow[]> {
  return tx
    .select()
    .from(reviews)
    .where(
      stay.seriesId ? eq(reviews.seriesId, stay.seriesId) : and(eq(reviews.bookingId, stay.bookingId), sql`${reviews.seriesId} is null`),
    );
}

/**
 * The viewer's side of a stay.
 * @throws HttpError 403 for anyone but its renter and its owner
 */
function sideOf(stay: Stay, userId: string): ReviewSide {
  if (stay.renterId === userId) return 'renter';
  if (stay.ownerId === userId) return 'owner';
  throw forbidden('Only the renter and the owner of this booking can review it.');
}

/** A review row as the API shows it, given its author's first name. */
function toReview(row: ReviewRow, reviewerFirstName: string, now: Date): Review {
  return {
    id: row.id,
    spaceId: row.spaceId,
    authorSide: row.authorSide,
    reviewerFirstName,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt.toISOString(),
    published: row.publishedAt <= now,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

async function firstNameOf(tx: Database, userId: string): Promise<string> {
  const [user] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.firstName ?? '';
}

const ALREADY_REVIEWED = 'You have already reviewed this booking.';

/**
 * Writes the viewer's review of the stay of `bookingId`, in one transaction under the stay's lock.
 * Published at once, with the other side's, when the other side has written; otherwise at the
 * window's close. A renter review published now enters the space's rating in the same transaction.
 * @throws HttpError 404 no such booking, 403 not a party, 409 not completed, not ended, window
 *   closed, or this side has reviewed already
 */
export async function createReview(
  db: Database,
  bookingId: string,
  userId: string,
  input: CreateReview,
  now = new Date(),
): Promise<Review> {
  try {
    const review = await db.transaction(async (tx) => {
      const stay = await loadStay(tx, bookingId, true);
      if (!stay) throw notFound('Booking not found.');
      const side = sideOf(stay, userId);
      if (!stay.end) throw conflict('Only a completed booking can be reviewed.');
      const state = reviewWindowState(stay.end, now);
      if (state === 'not_ended') throw conflict('You can review this booking once it has ended.');
      if (state === 'closed') throw conflict('The 14-day review window for this booking has closed.');
      const existing = await stayReviews(tx, stay);
      if (existing.some((row) => row.authorSide === side)) throw conflict(ALREADY_REVIEWED);
      const other = existing.find((row) => row.authorSide !== side);
      const publishedAt = other ? now : reviewWindow(stay.end).closesAt;
      const [row] = await tx
        .insert(reviews)
        .values({
          bookingId: stay.bookingId,
          seriesId: stay.seriesId,
          spaceId: stay.spaceId,
          authorId: userId,
          authorSide: side,
          subjectId: side === 'renter' ? stay.ownerId : stay.renterId,
          rating: input.rating,
          comment: input.comment,
          createdAt: now,
          publishedAt,
        })
        .returning();
      if (other && other.publishedAt > now) await tx.update(reviews).set({ publishedAt: now }).where(eq(reviews.id, other.id));
      if (other) await foldPublishedRatings(tx, now);
      return toReview(row!, await firstNameOf(tx, userId), now);
    });
    // A lone renter review counts into the rating at the window's close: reads must fold it then.
    if (review.authorSide === 'renter') noteReviewToCount(db, new Date(review.publishedAt));
    return review;
  } catch (error) {
    // Two requests of one side at once: the unique index has the last word.
    if (
      (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    )
      throw conflict(ALREADY_REVIEWED);
    throw error;
  }
}

/**
 * A party's view of the reviews of their stay: the window, their own review, whether the other side
 * has written, and the other side's review once it is published (never before: double-blind).
 * @throws HttpError 404 no such booking, 403 not a party
 */
export async function getBookingReviews(db: Database, bookingId: string, userId: string, now = new Date()): Promise<BookingReviews> {
  const stay = await loadStay(db, bookingId);
  if (!stay) throw notFound('Booking not found.');
  const side = sideOf(stay, userId);
  const rows = await stayReviews(db, stay);
  const mine = rows.find((row) => row.authorSide === side) ?? null;
  const theirs = rows.find((row) => row.authorSide !== side) ?? null;
  const window = stay.end ? reviewWindow(stay.end) : null;
  const names = new Map<string, string>();
  for (const row of [mine, theirs]) if (row) names.set(row.authorId, await firstNameOf(db, row.authorId));
  return {
    side,
    opensAt: window?.opensAt.toISOString() ?? '',
    closesAt: window?.closesAt.toISOString() ?? '',
    canReview: Boolean(stay.end && reviewWindowState(stay.end, now) === 'open' && !mine),
    mine: mine ? toReview(mine, names.get(mine.authorId) ?? '', now) : null,
    theirsWritten: theirs !== null,
    theirs: theirs && theirs.publishedAt <= now ? toReview(theirs, names.get(theirs.authorId) ?? '', now) : null,
  };
}

/** The columns of a listed review and its author's first name. */
const listedColumns = { review: reviews, firstName: users.firstName };

/**
 * The published renter reviews of a space, newest first, a page at a time, with the space's rating
 * (reviews whose window has just closed are counted into it first).
 * @throws HttpError 404 when there is no such space
 */
export async function listSpaceReviews(db: Database, spaceId: string, query: ReviewPageQuery, now = new Date()): Promise<ReviewPage> {
  const { limit, offset } = reviewPageQuerySchema.parse(query);
  if (!z.uuid().safeParse(spaceId).success) throw notFound('Space not found.');
  await foldPublishedRatingsWhenDue(db, now);
  const [space] = await db
    .select({ ratingCount: medicalSpaces.ratingCount, ratingAverage: medicalSpaces.ratingAverage })
    .from(medicalSpaces)
    .where(eq(medicalSpaces.id, spaceId))
    .limit(1);
  if (!space) throw notFound('Space not found.');
  const where = and(eq(reviews.spaceId, spaceId), eq(reviews.authorSide, 'renter'), lte(reviews.publishedAt, now));
  const [rows, [total]] = await Promise.all([
    db
      .select(listedColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.authorId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return {
    reviews: rows.map(({ review, firstName }) => toReview(review, firstName, now)),
    total: total?.total ?? 0,
    rating: ratingOf(space),
  };
}

/**
 * The published reviews owners wrote about a user as a renter, newest first, a page at a time, with
 * their average.
 * @throws HttpError 404 when there is no such user
 */
export async function listUserReviews(db: Database, userId: string, query: ReviewPageQuery, now = new Date()): Promise<ReviewPage> {
  const { limit, offset } = reviewPageQuerySchema.parse(query);
  if (!z.uuid().safeParse(userId).success) throw notFound('User not found.');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User not found.');
  const where = and(eq(reviews.subjectId, userId), eq(reviews.authorSide, 'owner'), lte(reviews.publishedAt, now));
  const [rows, [summary]] = await Promise.all([
    db
      .select(listedColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.authorId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count(), average: sql<string | null>`round(avg(${reviews.rating}), 2)` })
      .from(reviews)
      .where(where),
  ]);
  const total = summary?.total ?? 0;
  const rating: SpaceRating = total > 0 ? { average: Number(summary?.average), count: total } : null;
  return { reviews: rows.map(({ review, firstName }) => toReview(review, firstName, now)), total, rating };
}

/**
 * The space owner's one public reply to a published renter review of their space.
 * @throws HttpError 404 no such review (or not yet published, to anyone but its author), 403 not the
 *   space's owner, 409 replied already
 */
export async function replyToReview(db: Database, reviewId: string, userId: string, reply: string, now = new Date()): Promise<Review> {
  if (!z.uuid().safeParse(reviewId).success) throw notFound('Review not found.');
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ review: reviews, ownerId: medicalSpaces.ownerId })
      .from(reviews)
      .innerJoin(medicalSpaces, eq(medicalSpaces.id, reviews.spaceId))
      .where(eq(reviews.id, reviewId))
      .limit(1);
    if (!found || (found.review.publishedAt > now && found.review.authorId !== userId)) throw notFound('Review not found.');
    if (found.ownerId !== userId || found.review.authorSide !== 'renter')
      throw forbidden("Only the space's owner can reply to a review of it.");
    const [row] = await tx
      .update(reviews)
      .set({ reply, repliedAt: now })
      .where(and(eq(reviews.id, reviewId), sql`${reviews.reply} is null`))
      .returning();
    if (!row) throw conflict('You have already replied to this review.');
    return toReview(row, await firstNameOf(tx, row.authorId), now);
  });
}
