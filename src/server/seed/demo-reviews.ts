/**
 * Demo reviews (issue 20; docs/decisions/028-reviews.md): past stays of demo clinicians on many
 * demo spaces, each reviewed by both sides and published long ago, some with the owner's reply, so
 * that search cards, the "4+ stars" filter, the best-rated order and the space pages show ratings.
 * Deterministic like the rest of the demo data: spaces by their index in `buildDemoSpaces()`, days
 * as offsets from the seed. The two documented accounts write none of them (the demo renter's own
 * past booking, 3 days ago, is left for them to review: `demo-activity.ts`), but the owner's spaces
 * get reviews and replies.
 */
import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { inArray } from 'drizzle-orm';
import { quoteBooking } from '../../shared/booking-rules';
import { toCents } from '../../shared/money';
import { timeZoneForState } from '../../shared/time-zones';
import { quotedColumns } from '../bookings/checkout';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, reviews } from '../db/schema';
import { foldPublishedRatings } from '../ratings/stored-rating';
import type { DemoSpace } from './demo-data';

/** The demo clinicians who rent and review (neither documented account). */
const REVIEWERS = [
  'michael.thompson',
  'aisha.williams',
  'kevin.obrien',
  'laura.bennett',
  'daniel.reyes',
  'emily.nguyen',
  'james.okafor',
  'elena.rodriguez',
] as const;

/** At most this many spaces get reviews (the benchmark's 100,000 spaces included). */
const REVIEWED_SPACES = 60;

/** What renters say, by rating. */
const RENTER_COMMENTS: Record<number, readonly string[]> = {
  5: [
    'Spotless room, everything I needed was already set up. Check-in instructions were clear and the front desk was welcoming to my patients.',
    'Exactly as pictured. Quiet, well lit and the equipment was calibrated. I have already booked again.',
    'A great find for my Tuesday clinic. Parking was easy for patients and the owner answered every question within the hour.',
    'Professional space with a real reception area; my patients commented on how calm it felt. Highly recommended.',
    'Sterilisation room stocked, exam table in excellent condition, and the Wi-Fi was fast enough for telehealth follow-ups.',
  ],
  4: [
    'Very good space overall. The waiting area is small, so I spaced my appointments out, but the room itself was excellent.',
    'Clean and well equipped. Street parking was a little tight in the morning; otherwise a smooth day.',
    'Good value for the area. The lighting could be brighter for procedures, but everything else was first-rate.',
    'Helpful owner and a comfortable room. The building entrance took a minute to find the first time.',
  ],
  3: [
    'The room was fine for consultations, though the air conditioning was loud and one chair needed repair.',
    'Decent space but the listed ultrasound was booked by another clinician for part of my day. The owner refunded the difference.',
  ],
  2: ['The room was not ready when I arrived and I started 40 minutes late. The owner apologised, but it affected my schedule.'],
};

/** What owners say of renters. */
const OWNER_COMMENTS: Record<number, readonly string[]> = {
  5: [
    'A model guest: left the room exactly as found, followed the house rules and kept us informed. Welcome back any time.',
    'Punctual, tidy and considerate with the shared reception. We would gladly host again.',
    'Great communication before the booking and the room was spotless afterwards.',
  ],
  4: [
    'Easy to host. Ran a few minutes past the end of the booking, but let us know in advance.',
    'Respectful of the space and our staff; a couple of supplies were left out but nothing more.',
  ],
  3: ['Fine overall, though the sterilisation log was not filled in at the end of the day.'],
};

/** Owner replies to renter reviews. */
const REPLIES = [
  'Thank you for the kind words. It was a pleasure to host your clinic and we look forward to your next visit.',
  'Thanks for the feedback. We have since added brighter task lighting to the room.',
  'We are sorry about the delay that morning; we have changed how we prepare the room before each booking.',
];

/** Ratings dealt to renter reviews in turn: mostly 4 and 5, some 3, now and then a 2. */
const RENTER_RATINGS = [5, 4, 5, 5, 3, 4, 5, 4, 2, 5, 4, 5] as const;
const OWNER_RATINGS = [5, 5, 4, 5, 3, 5, 4] as const;

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
        reply: turn % 5 === 0 ? REPLIES[renterRating >= 4 ? 0 : renterRating === 3 ? 1 : 2]! : null,
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
  await db.insert(bookings).values(bookingRows);
  await db.insert(reviews).values(reviewRows);
  await foldPublishedRatings(db, now);
}
