/**
 * Demo reviews (docs/decisions/028-reviews.md): past stays of demo clinicians on many
 * demo spaces, each reviewed by both sides and published long ago, some with the owner's reply, so
 * that search cards, the "4+ stars" filter, the best-rated order and the space pages show ratings.
 * Deterministic like the rest of the demo data: spaces by their index in `buildDemoSpaces()`, days
 * as offsets from the seed. The two documented accounts write none of them (the demo renter's own
 * past booking, 3 days ago, is left for them to review: `demo-activity.ts`), but the owner's spaces
 * get reviews and replies. Who reviews and what they say: data/reviews.json.
 */
import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { quoteBooking } from '../../shared/booking-rules';
import { fromCents, toCents } from '../../shared/money';
import { timeZoneForState } from '../../shared/time-zones';
import { quotedColumns } from '../bookings/checkout';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, payments, reviews } from '../db/schema';
import { foldPublishedRatings } from '../ratings/stored-rating';
import reviewText from './data/reviews.json' with { type: 'json' };
import { parseDataFile } from './data-file';
import type { DemoSpace } from './demo-data';
import { demoUsers } from './demo-users';

/** At most this many spaces get reviews (the benchmark's 100,000 spaces included). */
const REVIEWED_SPACES = 60;

const ratingSchema = z.int().min(1).max(5);
/** The documented accounts review nothing: the demo renter's one stay is left for them to review. */
const reviewerSchema = z
  .string()
  .refine(
    (key) => key !== 'owner' && key !== 'renter' && key !== 'admin' && demoUsers.some((user) => user.key === key),
    'the key of a demo user (users.json) other than owner, renter and admin',
  );
const commentsSchema = z.record(z.string().regex(/^[1-5]$/, 'a rating from 1 to 5'), z.array(z.string().min(1)).min(1));

/** The word lists of the demo reviews (data/reviews.json). */
export const demoReviewTextSchema = z
  .strictObject({
    /** The demo clinicians who rent and review (neither documented account). */
    reviewers: z.array(reviewerSchema).min(2),
    /** Ratings dealt to renter reviews in turn (mostly 4 and 5, some 3, now and then a 2), and to owner reviews. */
    renterRatings: z.array(ratingSchema).min(1),
    ownerRatings: z.array(ratingSchema).min(1),
    /** What renters and owners say, by rating: every rating dealt needs at least one comment. */
    renterComments: commentsSchema,
    ownerComments: commentsSchema,
    /** Owner replies to renter reviews of 4 or 5 stars, of 3, and of fewer. */
    replies: z.strictObject({ toPraise: z.string().min(1), toCriticism: z.string().min(1), toComplaint: z.string().min(1) }),
  })
  .superRefine((text, context) => {
    for (const side of ['renter', 'owner'] as const) {
      text[`${side}Ratings`].forEach((rating, index) => {
        if (!text[`${side}Comments`][rating]) {
          context.addIssue({ code: 'custom', message: `no ${side}Comments for ${rating} stars`, path: [`${side}Ratings`, index] });
        }
      });
    }
  });

const {
  reviewers: REVIEWERS,
  renterRatings: RENTER_RATINGS,
  ownerRatings: OWNER_RATINGS,
  renterComments: RENTER_COMMENTS,
  ownerComments: OWNER_COMMENTS,
  replies: REPLIES,
} = parseDataFile('reviews.json', demoReviewTextSchema, reviewText);

/** One reviewed stay to seed. */
export interface DemoReviewPlan {
  spaceIndex: number;
  reviewerKey: string;
  /** The stay's first day, in days after the seed (negative). */
  startDay: number;
  renterRating: number;
  renterComment: string;
  ownerRating: number;
  ownerComment: string;
  reply: string | null;
}

/**
 * The reviewed stays over `spaces`: every other daily-priced space (up to {@link REVIEWED_SPACES}),
 * with one to four stays each, 60 to 400 days before the seed (clear of the demo activity's
 * bookings, which are at most 21 days old).
 */
export function planDemoReviews(spaces: readonly Pick<DemoSpace, 'ownerKey' | 'pricePeriod'>[]): DemoReviewPlan[] {
  const daily = spaces.flatMap((space, index) => (space.pricePeriod === 'daily' ? [index] : []));
  const chosen = daily.filter((_, position) => position % 2 === 0).slice(0, REVIEWED_SPACES);
  const plans: DemoReviewPlan[] = [];
  let turn = 0;
  chosen.forEach((spaceIndex, position) => {
    const stays = 1 + (position % 4);
    for (let stay = 0; stay < stays; stay++) {
      const renterRating = RENTER_RATINGS[turn % RENTER_RATINGS.length]!;
      const ownerRating = OWNER_RATINGS[turn % OWNER_RATINGS.length]!;
      const renterComments = RENTER_COMMENTS[renterRating]!;
      const ownerComments = OWNER_COMMENTS[ownerRating]!;
      const reviewerKey = REVIEWERS[(position + stay * 3) % REVIEWERS.length]!;
      plans.push({
        spaceIndex,
        reviewerKey: reviewerKey === spaces[spaceIndex]!.ownerKey ? REVIEWERS[(position + stay * 3 + 1) % REVIEWERS.length]! : reviewerKey,
        // Always a multiple of 5 days ago: the owner's earnings history (demo-activity.ts) keeps clear of those days.
        startDay: -(60 + stay * 70 + (position % 9) * 5),
        renterRating,
        renterComment: renterComments[turn % renterComments.length]!,
        ownerRating,
        ownerComment: ownerComments[turn % ownerComments.length]!,
        reply:
          turn % 5 === 0 ? (renterRating >= 4 ? REPLIES.toPraise : renterRating === 3 ? REPLIES.toCriticism : REPLIES.toComplaint) : null,
      });
      turn++;
    }
  });
  return plans;
}

/**
 * Inserts the reviewed stays of {@link planDemoReviews}: a confirmed, paid one-day booking each, both
 * sides' reviews written two and four days after it and published when the second was, then the
 * spaces' ratings counted.
 * @param context.titles the seeded spaces' titles (unique), by plan index
 */
export async function insertDemoReviews(
  db: Database,
  plans: readonly DemoReviewPlan[],
  context: { userIds: Map<string, string>; titles: readonly string[]; now: Date },
): Promise<void> {
  if (plans.length === 0) return;
  const { userIds, titles, now } = context;
  const wanted = [...new Set(plans.map((plan) => titles[plan.spaceIndex]!))];
  const rows = await db
    .select({
      id: medicalSpaces.id,
      title: medicalSpaces.title,
      ownerId: medicalSpaces.ownerId,
      state: medicalSpaces.state,
      pricePerDay: medicalSpaces.pricePerDay,
    })
    .from(medicalSpaces)
    .where(inArray(medicalSpaces.title, wanted));
  const byTitle = new Map(rows.map((row) => [row.title, row]));
  const bookingRows: (typeof bookings.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  const reviewRows: (typeof reviews.$inferInsert)[] = [];
  for (const plan of plans) {
    const space = byTitle.get(titles[plan.spaceIndex]!);
    const renterId = userIds.get(plan.reviewerKey);
    if (!space || !renterId) continue;
    const timeZone = timeZoneForState(space.state);
    const day = (offset: number) => format(addDays(new TZDate(now.getTime(), timeZone), offset), 'yyyy-MM-dd');
    const quote = quoteBooking({
      period: 'daily',
      unitPriceCents: toCents(space.pricePerDay),
      start: day(plan.startDay),
      end: day(plan.startDay + 1),
      timeZone,
      isFirstTransaction: false,
    });
    const bookingId = randomUUID();
    const end = quote.endAt.getTime();
    const at = (days: number) => new Date(end + days * 24 * 60 * 60 * 1000);
    bookingRows.push({
      id: bookingId,
      spaceId: space.id,
      renterId,
      ...quotedColumns(quote),
      status: 'confirmed',
      instantBook: true,
      paymentStatus: 'paid',
      createdAt: at(-10),
    });
    paymentRows.push({
      id: bookingId,
      amount: fromCents(quote.totalCents),
      platformFeeAmount: fromCents(quote.platformFeeCents),
      status: 'paid',
      paidAt: at(-10),
      createdAt: at(-10),
    });
    const common = { bookingId, spaceId: space.id, publishedAt: at(4) };
    reviewRows.push(
      {
        ...common,
        authorId: renterId,
        authorSide: 'renter',
        subjectId: space.ownerId,
        rating: plan.renterRating,
        comment: plan.renterComment,
        createdAt: at(2),
        ...(plan.reply ? { reply: plan.reply, repliedAt: at(6) } : {}),
      },
      {
        ...common,
        authorId: space.ownerId,
        authorSide: 'owner',
        subjectId: renterId,
        rating: plan.ownerRating,
        comment: plan.ownerComment,
        createdAt: at(4),
      },
    );
  }
  if (bookingRows.length === 0) return;
  // Each booking's payment first, so the booking's own trigger finds it made.
  await db.insert(payments).values(paymentRows);
  await db.insert(bookings).values(bookingRows);
  await db.insert(reviews).values(reviewRows);
  await foldPublishedRatings(db, now);
}
