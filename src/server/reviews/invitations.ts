/**
 * Review invitations and reminders (docs/decisions/028-reviews.md; docs/decisions/022-notifications-and-email.md):
 * when a stay ends, its renter and its owner are each invited to review it, in the app and by email;
 * a side that has not reviewed 7 days after the end is reminded once. The `review-sweep` job
 * (src/server/jobs/catalog.ts, every 5 minutes) runs {@link sweepReviewInvitations}; every
 * notification carries the dedupe key `<kind>:<stay>:<userId>`, so a sweep run twice, or by two
 * instances, tells nobody twice. The sweep also counts reviews whose window has closed into their
 * space's rating (`foldPublishedRatings`), which reads do as well.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { REVIEW_REMINDER_DAYS, REVIEW_WINDOW_DAYS, reviewReminderDueAt, reviewWindow } from '../../shared/reviews';
import type { Database } from '../db/client';
import { reviews } from '../db/schema';
import { notify } from '../notifications/notify';
import { foldPublishedRatings } from '../ratings/stored-rating';

/** Stays looked at per sweep at most (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/** A stay that ended in the window, with a side yet to be told something. */
interface EndedStay {
  booking_id: string;
  series_id: string | null;
  space_id: string;
  space_title: string;
  renter_id: string;
  owner_id: string;
  renter_first: string;
  owner_first: string;
  end_at: Date | string;
}

/** The key of a stay in dedupe keys: its series, or its booking. */
const stayKey = (stay: Pick<EndedStay, 'booking_id' | 'series_id'>) => stay.series_id ?? stay.booking_id;

/** A dedupe key of a review notification. */
const dedupeKey = (kind: 'review_invitation' | 'review_reminder', stay: string, userId: string) => `${kind}:${stay}:${userId}`;

/** What each sweep did. */
export interface ReviewSweepSummary {
  invited: number;
  reminded: number;
  counted: number;
}

/**
 * Invites both sides of every stay that ended in the last 14 days and reminds, once, a side that has
 * not reviewed 7 days after the end (never together with its invitation). A stay's end is its last
 * confirmed booking's (a series' last occurrence). Each notification in its own transaction.
 */
export async function sweepReviewInvitations(db: Database, now = new Date()): Promise<ReviewSweepSummary> {
  const since = new Date(now.getTime() - REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const at = now.toISOString();
  // The stays' last confirmed bookings that ended in (now - 14 days, now] (bookings_confirmed_end_idx),
  // keeping those with a side not yet invited or, a week on, not yet reminded and not yet reviewed.
  const told = (kind: string, user: string) =>
    sql.raw(
      `exists (select 1 from notifications n where n.dedupe_key = '${kind}:' || coalesce(b.series_id, b.id)::text || ':' || ${user}::text)`,
    );
  const reviewed = (side: string) =>
    sql.raw(
      `exists (select 1 from reviews r where coalesce(r.series_id, r.booking_id) = coalesce(b.series_id, b.id) and r.author_side = '${side}')`,
    );
  const week = sql`${at}::timestamptz - interval '${sql.raw(String(REVIEW_REMINDER_DAYS))} days'`;
  const result = await db.execute(sql`
    select b.id as booking_id, b.series_id, b.space_id, s.title as space_title, b.renter_id, s.owner_id,
      ru.first_name as renter_first, ou.first_name as owner_first, b.end_at
    from bookings b
    join medical_spaces s on s.id = b.space_id
    join users ru on ru.id = b.renter_id
    join users ou on ou.id = s.owner_id
    where b.status = 'confirmed' and b.end_at > ${since.toISOString()}::timestamptz and b.end_at <= ${at}::timestamptz
      and (b.series_id is null or not exists (select 1 from bookings o where o.series_id = b.series_id and o.status = 'confirmed' and o.end_at > b.end_at))
      and ((not ${reviewed('renter')} and (not ${told('review_invitation', 'b.renter_id')}
          or (b.end_at <= ${week} and not ${told('review_reminder', 'b.renter_id')})))
        or (not ${reviewed('owner')} and (not ${told('review_invitation', 's.owner_id')}
          or (b.end_at <= ${week} and not ${told('review_reminder', 's.owner_id')}))))
    order by b.end_at
    limit ${SWEEP_BATCH}`);
  const stays = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as EndedStay[];
  const summary: ReviewSweepSummary = { invited: 0, reminded: 0, counted: 0 };
  for (const stay of stays) {
    const sent = await tellStay(db, stay, now);
    summary.invited += sent.invited;
    summary.reminded += sent.reminded;
  }
  summary.counted = await foldPublishedRatings(db, now);
  return summary;
}

/** Invites or reminds each side of one stay that needs it, in one transaction. */
async function tellStay(db: Database, stay: EndedStay, now: Date): Promise<{ invited: number; reminded: number }> {
  const end = new Date(stay.end_at);
  const closes = reviewWindow(end).closesAt;
  const key = stayKey(stay);
  const closesOn = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(closes);
  const link = `/profile?tab=bookings&booking=${stay.booking_id}`;
  return db.transaction(async (tx) => {
    const written = await tx
      .select({ side: reviews.authorSide })
      .from(reviews)
      .where(stay.series_id ? eq(reviews.seriesId, stay.series_id) : and(eq(reviews.bookingId, stay.booking_id), isNull(reviews.seriesId)));
    const sides = new Set<string>(written.map((row) => row.side));
    let invited = 0;
    let reminded = 0;
    const parties = [
      { side: 'renter', userId: stay.renter_id, other: stay.owner_first, about: `${stay.owner_first}'s ${stay.space_title}` },
      { side: 'owner', userId: stay.owner_id, other: stay.renter_first, about: `${stay.renter_first} as a renter` },
    ] as const;
    for (const party of parties) {
      if (sides.has(party.side)) continue;
      const data = { bookingId: stay.booking_id, seriesId: stay.series_id, spaceId: stay.space_id, closesAt: closes.toISOString() };
      const invitation = await notify(tx, {
        userId: party.userId,
        kind: 'review_invitation',
        title: `How was your stay? Review ${party.side === 'renter' ? stay.space_title : party.other}`,
        body: `Your booking of ${stay.space_title} has ended. Rate ${party.about} by ${closesOn}; reviews are shown once both of you have written or the 14 days are over.`,
        link,
        data,
        dedupeKey: dedupeKey('review_invitation', key, party.userId),
      });
      if (invitation) {
        invited++;
        continue;
      }
      if (now < reviewReminderDueAt(end)) continue;
      const reminder = await notify(tx, {
        userId: party.userId,
        kind: 'review_reminder',
        title: `Reminder: review ${party.side === 'renter' ? stay.space_title : party.other}`,
        body: `You have until ${closesOn} to review ${party.about}. ${party.other} will see your review once both of you have written or the window closes.`,
        link,
        data,
        dedupeKey: dedupeKey('review_reminder', key, party.userId),
      });
      if (reminder) reminded++;
    }
    return { invited, reminded };
  });
}
