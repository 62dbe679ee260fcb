/**
 * Demo data: demo users and 150+ spaces across 30+ US
 * cities, from the deterministic generator in `demo-data.ts`, and the
 * two documented accounts' bookings, favourites and conversations
 * (`demo-activity.ts`), the demo renter's weekly series (`demo-series.ts`), and the console's
 * reports and contact messages (`demo-reports.ts`). Seeds only an empty database, so a restart
 * never duplicates or overwrites real data. Run by `npm run seed`
 * (scripts/seed.ts) and at boot with SEED_DEMO_DATA; it sits above the
 * features whose rules it uses (docs/architecture.md).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { inArray, sql } from 'drizzle-orm';
import { quoteBooking } from '../../shared/booking-rules';
import { REQUEST_ANSWER_HOURS } from '../../shared/constants';
import { fromCents, toCents } from '../../shared/money';
import { licenceStatesOf } from '../../shared/insurance';
import { timeZoneForState } from '../../shared/time-zones';
import { hashPassword } from '../auth/service';
import { recordAgreementAcceptance } from '../bookings/agreement-acceptance';
import { quotedColumns, recordOwnerPayout } from '../bookings/checkout';
import { writeBookingNotices } from '../bookings/notices';
import type { Database } from '../db/client';
import {
  bookings,
  conversations,
  demoPaymentIntents,
  favorites,
  medicalSpaces,
  messages,
  payments,
  spaceBlockedDates,
  users,
} from '../db/schema';
import { sendAccountEmailJob, sendNotificationEmailJob } from '../jobs/catalog';
import { completeWaitingJobs } from '../jobs/queue';
import { conversationIdFor } from '../messages/service';
import type { PrivateFileStorage } from '../storage/private-files';
import { planDemoActivity, type DemoActivityPlan } from './demo-activity';
import { buildDemoSpaces } from './demo-data';
import { holidayClosures } from './demo-schedules';
import { sweepReviewInvitations } from '../reviews/invitations';
import { blockedDateRanges, rebuildSpaceDays, spaceTemplateColumns } from '../schedules/space-days';
import { insertDemoReviews, planDemoReviews } from './demo-reviews';
import { insertDemoReports } from './demo-reports';
import { insertDemoSeries } from './demo-series';
import { insertDemoCertificate, insuranceDemoSpaceIndex } from './demo-insurance';
import { DEMO_PASSWORD, demoUsers } from './demo-users';

/** Whether the database has no users yet. */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}

/** Rows per multi-row INSERT: about 22 parameters a row stays well under PostgreSQL's 65,535. */
const INSERT_BATCH = 1000;

/**
 * Inserts the demo users and spaces into an empty database, in multi-row
 * batches (the benchmark's 100,000 spaces take seconds, not minutes).
 * @param options.spaces how many spaces (default: the demo seed's; the benchmark passes BENCH_SPACES)
 * @param options.privateFiles where the demo renter's certificate of insurance is written
 *   (`createPrivateFileStorage`); without it the renter has no certificate (the benchmark)
 * @returns what was inserted, or null when the database already had users
 */
export async function seedDemoData(
  db: Database,
  options: { spaces?: number; privateFiles?: PrivateFileStorage } = {},
): Promise<{ users: number; spaces: number } | null> {
  if (!(await isEmpty(db))) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds = new Map<string, string>();
  for (const user of demoUsers) {
    const { key, password: _password, ...fields } = user;
    // The demo's verified professionals count as checked; the others' license numbers are not NPIs.
    const licenseVerification = fields.verified ? 'verified' : fields.licenseNumber ? 'unsupported' : 'none';
    // Their license numbers begin with the state that granted them ("OR-PSY-2318").
    const licenseStates = fields.verified && fields.licenseNumber ? licenceStatesOf([fields.licenseNumber.slice(0, 2)]) : [];
    const [row] = await db
      .insert(users)
      .values({ ...fields, licenseVerification, licenseStates, passwordHash, acceptedTermsAt: new Date() })
      .returning({ id: users.id });
    userIds.set(key, row!.id);
  }
  const spaces = buildDemoSpaces(options.spaces);
  // Newest first in listings: give the first demo spaces the latest creation times.
  const now = Date.now();
  const insuredIndex = insuranceDemoSpaceIndex(spaces);
  // Holiday closures, dated from today (the demo data itself is the same every run).
  const holidays = holidayClosures(new Date(now).toISOString().slice(0, 10));
  const values = spaces.map((space, index) => {
    const { ownerKey, latitude, longitude, closedForHolidays, ...fields } = space;
    const ownerId = userIds.get(ownerKey);
    if (!ownerId) throw new Error(`Demo space "${space.title}" has an unknown owner ${ownerKey}`);
    return {
      ownerId,
      ...fields,
      latitude: latitude.toFixed(7),
      longitude: longitude.toFixed(7),
      requiresInsurance: index === insuredIndex,
      createdAt: new Date(now - index * 60_000),
      // What search by availability reads, written with the row as the app writes it (schedules/space-days.ts).
      ...spaceTemplateColumns(fields),
      blockedDateRanges: blockedDateRanges(closedForHolidays ? holidays : []),
    };
  });
  const spaceIds = new Map<string, string>(); // by title: the demo titles are unique
  for (let i = 0; i < values.length; i += INSERT_BATCH) {
    const rows = await db
      .insert(medicalSpaces)
      .values(values.slice(i, i + INSERT_BATCH))
      .returning({ id: medicalSpaces.id, title: medicalSpaces.title });
    for (const row of rows) spaceIds.set(row.title, row.id);
  }
  const closures = spaces.flatMap((space) =>
    space.closedForHolidays
      ? holidays.map((range) => ({ spaceId: spaceIds.get(space.title)!, startDate: range.start, endDate: range.end, note: range.note }))
      : [],
  );
  for (let i = 0; i < closures.length; i += INSERT_BATCH) await db.insert(spaceBlockedDates).values(closures.slice(i, i + INSERT_BATCH));
  await insertDemoActivity(db, planDemoActivity(spaces), { userIds, titles: spaces.map((space) => space.title), now: new Date(now) });
  // The demo renter's running weekly series (Tuesday and Thursday mornings).
  await insertDemoSeries(db, spaces, { userIds, spaceIds, now: new Date(now) });
  // Past stays reviewed by both sides on many spaces: ratings for the cards, search and space pages.
  await insertDemoReviews(db, planDemoReviews(spaces), { userIds, titles: spaces.map((space) => space.title), now: new Date(now) });
  // What search by availability reads of the dates those bookings hold.
  await writeBookedDays(db, new Date(now));
  // The demo renter and owner are invited to review the stay that ended 3 days ago (the sweep's work, done now).
  await sweepReviewInvitations(db, new Date(now));
  // The console's queue and inbox: a few reports (one the demo renter's, about a listing) and contact messages.
  await insertDemoReports(db, spaces, { userIds, spaceIds, now: new Date(now) });
  const renter = demoUsers.find((user) => user.key === 'renter');
  if (options.privateFiles && renter) {
    const name = `${renter.firstName} ${renter.lastName}`;
    await insertDemoCertificate(db, options.privateFiles, { id: userIds.get('renter')!, name }, new Date(now));
  }
  // The history above was told when it happened: its notifications stay in the bell, and their
  // emails count as delivered, so a first start with SMTP_URL sends nothing to the demo addresses.
  // The database had no users, so every email waiting now is one of the seed's.
  for (const queue of [sendNotificationEmailJob, sendAccountEmailJob]) {
    await completeWaitingJobs(db, queue, { skipped: 'demo history, delivered before the first start' });
  }
  return { users: demoUsers.length, spaces: values.length };
}

/**
 * Writes what search by availability reads of the dates of every space's bookings (`space_days`), for
 * bookings inserted in bulk rather than one by one through the app (the seeds, the benchmark), a
 * thousand spaces a transaction.
 */
export async function writeBookedDays(db: Database, now = new Date()): Promise<void> {
  const booked = await db.selectDistinct({ spaceId: bookings.spaceId }).from(bookings).orderBy(bookings.spaceId);
  for (let i = 0; i < booked.length; i += INSERT_BATCH)
    await rebuildSpaceDays(
      db,
      booked.slice(i, i + INSERT_BATCH).map((row) => row.spaceId),
      now,
      { rowsOnly: true },
    );
}

const HOUR_MS = 60 * 60 * 1000;

/** What a seeded booking's people were told: the owner of a pending request, both of a confirmed or a cancelled booking. */
const DEMO_NOTICE_STEP = { pending: 'requested', confirmed: 'confirmed', cancelled: 'cancelled' } as const;

/** The local date `days` days after `now`'s date in `timeZone`, as YYYY-MM-DD. */
function localDate(now: Date, timeZone: string, days: number): string {
  return format(addDays(new TZDate(now.getTime(), timeZone), days), 'yyyy-MM-dd');
}

/**
 * Inserts the demo activity plan: bookings priced by the shared booking rules
 * (each with the demo payment intent that paid or authorised it, so the owner
 * can accept or decline and the renter can cancel in the demo), favourites,
 * and conversations with their messages.
 * @param context.titles the seeded spaces' titles (unique), by plan index
 */
async function insertDemoActivity(
  db: Database,
  plan: DemoActivityPlan,
  context: { userIds: Map<string, string>; titles: string[]; now: Date },
): Promise<void> {
  const { userIds, titles, now } = context;
  const user = (key: string) => {
    const id = userIds.get(key);
    if (!id) throw new Error(`Demo activity names an unknown user ${key}`);
    return id;
  };
  const wanted = [...new Set([...plan.bookings, ...plan.favorites, ...plan.messages].map((item) => titles[item.spaceIndex]!))];
  if (wanted.length === 0) return;
  const rows = await db
    .select({
      id: medicalSpaces.id,
      title: medicalSpaces.title,
      ownerId: medicalSpaces.ownerId,
      state: medicalSpaces.state,
      pricePerDay: medicalSpaces.pricePerDay,
      pricePeriod: medicalSpaces.pricePeriod,
    })
    .from(medicalSpaces)
    .where(inArray(medicalSpaces.title, wanted));
  const byTitle = new Map(rows.map((row) => [row.title, row]));
  const space = (index: number) => {
    const row = byTitle.get(titles[index]!);
    if (!row) throw new Error(`Demo activity names a space that was not seeded: ${titles[index]}`);
    return row;
  };

  // The test card the demo payments were made with, as the demo provider records it (printed on receipts).
  const DEMO_CARD = { cardBrand: 'visa', cardLast4: '4242' };
  // The platform fee applies to a renter's first confirmed booking with an owner (docs/decisions/011-platform-fee-on-a-first-booking.md).
  const paidPairs = new Set<string>();
  for (const booking of plan.bookings) {
    const target = space(booking.spaceIndex);
    const renterId = user(booking.renterKey);
    const timeZone = timeZoneForState(target.state);
    const pair = `${renterId}:${target.ownerId}`;
    const quote = quoteBooking({
      period: target.pricePeriod,
      unitPriceCents: toCents(target.pricePerDay),
      start: localDate(now, timeZone, booking.startDay),
      end: localDate(now, timeZone, booking.startDay + booking.days),
      timeZone,
      isFirstTransaction: !paidPairs.has(pair),
    });
    if (booking.status === 'confirmed') paidPairs.add(pair);
    const id = randomUUID();
    const intentId = `pi_demo_seed_${randomBytes(10).toString('hex')}`;
    const pending = booking.status === 'pending';
    const cancelled = booking.status === 'cancelled';
    const madeAt = new Date(now.getTime() - (booking.startDay < 0 ? Math.max(40, 10 - booking.startDay) : 2) * 24 * HOUR_MS);
    await db.insert(demoPaymentIntents).values({
      id: intentId,
      clientSecret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      amount: quote.totalCents,
      applicationFeeAmount: 0,
      captureMethod: pending ? 'manual' : 'automatic',
      status: pending ? 'requires_capture' : 'succeeded',
      amountRefunded: cancelled ? quote.totalCents : 0,
      metadata: { kind: 'booking', bookingId: id, spaceId: target.id, renterId, ownerId: target.ownerId },
      ...DEMO_CARD,
    });
    const paymentStatus = pending ? 'authorized' : cancelled ? 'refunded' : 'paid';
    // The booking's payment, made with the demo card some days before the stay (at least 40 for a past
    // one), and paid then (the trigger would say now); inserted first, so the booking's own trigger finds it made.
    await db.insert(payments).values({
      id,
      stripePaymentIntentId: intentId,
      amount: fromCents(quote.totalCents),
      platformFeeAmount: fromCents(quote.platformFeeCents),
      status: paymentStatus,
      paidAt: pending ? null : madeAt,
      createdAt: madeAt,
      ...DEMO_CARD,
    });
    const [row] = await db
      .insert(bookings)
      .values({
        id,
        spaceId: target.id,
        renterId,
        ...quotedColumns(quote),
        status: booking.status,
        instantBook: !pending,
        paymentStatus,
        requestExpiresAt: pending ? new Date(Math.min(now.getTime() + REQUEST_ANSWER_HOURS * HOUR_MS, quote.startAt.getTime())) : null,
        ...(cancelled
          ? { refundAmount: fromCents(quote.totalCents), refundedAt: now, cancelledBy: 'renter' as const, cancelledAt: now }
          : {}),
        notes: booking.notes,
        createdAt: madeAt,
      })
      .returning();
    // The renter's clickwrap, as checkout records it with the hold (docs/decisions/027-receipts-and-agreements.md).
    await recordAgreementAcceptance(db, id, row!.createdAt);
    // The demo owners have no payout account yet: each payment was charged on the platform, and its payout
    // is owed until the owner finishes payout setup (the profile's "Finish payout setup to receive $X";
    // docs/decisions/033-owed-payouts.md).
    await recordOwnerPayout(db, target.ownerId, id, null);
    // The demo accounts' notifications show this activity (their emails count as sent: see seedDemoData).
    await writeBookingNotices(db, DEMO_NOTICE_STEP[booking.status], row!, now);
  }

  if (plan.favorites.length > 0) {
    await db
      .insert(favorites)
      .values(plan.favorites.map((favorite) => ({ userId: user(favorite.userKey), spaceId: space(favorite.spaceIndex).id })));
  }

  for (const message of plan.messages) {
    const target = space(message.spaceIndex);
    const senderId = user(message.fromKey);
    const receiverId = user(message.toKey);
    const conversationId = conversationIdFor(senderId, receiverId, target);
    const createdAt = new Date(now.getTime() - message.hoursAgo * HOUR_MS);
    const nonOwner = target.ownerId === senderId ? receiverId : senderId;
    await db
      .insert(conversations)
      .values({
        id: conversationId,
        participantA: nonOwner,
        participantB: target.ownerId,
        spaceId: target.id,
        lastMessageAt: createdAt,
        createdAt,
      })
      .onConflictDoUpdate({
        target: conversations.id,
        set: { lastMessageAt: sql`greatest(${conversations.lastMessageAt}, excluded.last_message_at)` },
      });
    await db.insert(messages).values({
      conversationId,
      senderId,
      receiverId,
      spaceId: target.id,
      content: message.content,
      readAt: message.read ? new Date(createdAt.getTime() + 10 * 60_000) : null,
      createdAt,
    });
  }
}
