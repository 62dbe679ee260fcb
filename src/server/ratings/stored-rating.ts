/**
 * The stored rating of each space (docs/decisions/028-reviews.md): `rating_count`, `rating_sum` and
 * `rating_average` of `medical_spaces`, from its published renter reviews. A renter review enters
 * them once, when it is published: in the transaction in which the other side's review publishes
 * both, or, for a review whose window closed with the other side silent, by the first of the
 * review sweep, a space read or a search that runs {@link foldPublishedRatingsWhenDue} after the close.
 * Search sorts and filters on the stored average, on one index. A feature of its own, before search
 * and spaces, which both read it.
 */
import { sql } from 'drizzle-orm';
import type { SpaceRating } from '../../shared/schemas/reviews';
import type { Database } from '../db/client';

/**
 * Per database handle: the earliest publication instant (ms) of a renter review not yet counted
 * (`Infinity`: none), and when that was read. Reads and searches fold only once that instant has
 * passed, or when the reading is older than {@link FOLD_RECHECK_MS}: a review written through another
 * instance is then seen within that time (and the review sweep folds every few minutes in any case),
 * so that a space read or a search costs no extra statement almost always.
 */
const nextFold = new WeakMap<Database, { dueAt: number; readAt: number }>();

/** How long a reading of the next fold's instant stands (ms) before a read asks the database again. */
export const FOLD_RECHECK_MS = 60_000;

/**
 * Counts every renter review published by `now` and not yet counted into its space's rating, once:
 * the `UPDATE` takes each review's row lock and rechecks `counted_at`, so two concurrent calls never
 * count one review twice. Cheap when there is nothing to count (a probe of a small partial index).
 * Also reads when the next uncounted review is published, for {@link foldPublishedRatingsWhenDue}.
 * @returns how many reviews were counted now
 */
export async function foldPublishedRatings(db: Database, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with due as (
      update reviews set counted_at = ${at}::timestamptz
      where counted_at is null and author_side = 'renter' and published_at <= ${at}::timestamptz
      returning space_id, rating
    ), added as (
      select space_id, sum(rating)::int as sum, count(*)::int as count from due group by space_id
    ), folded as (
      update medical_spaces m
      set rating_sum = m.rating_sum + added.sum,
          rating_count = m.rating_count + added.count,
          rating_average = round((m.rating_sum + added.sum)::numeric / (m.rating_count + added.count), 2)
      from added where m.id = added.space_id
      returning added.count
    )
    select (select coalesce(sum(count), 0)::int from folded) as counted,
      (select to_char(min(published_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from reviews
        where counted_at is null and author_side = 'renter' and published_at > ${at}::timestamptz) as next_due`);
  const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as Array<{
    counted: number | string;
    next_due: string | null;
  }>;
  const nextDue = rows[0]?.next_due;
  nextFold.set(db, { dueAt: nextDue ? Date.parse(nextDue) : Infinity, readAt: now.getTime() });
  return Number(rows[0]?.counted ?? 0);
}

/**
 * {@link foldPublishedRatings} when a review may be due to count (see {@link nextFold}): what space
 * reads and searches run before they show or sort ratings.
 */
export async function foldPublishedRatingsWhenDue(db: Database, now = new Date()): Promise<void> {
  const next = nextFold.get(db);
  const time = now.getTime();
  if (next && time < next.dueAt && time - next.readAt < FOLD_RECHECK_MS) return;
  await foldPublishedRatings(db, now);
}

/** Tells {@link foldPublishedRatingsWhenDue} of a renter review written here that counts at `publishedAt`. */
export function noteReviewToCount(db: Database, publishedAt: Date): void {
  const next = nextFold.get(db);
  if (next) next.dueAt = Math.min(next.dueAt, publishedAt.getTime());
}

/** The API's rating of a space row: null without reviews. */
export function ratingOf(row: { ratingCount: number; ratingAverage: string }): SpaceRating {
  return row.ratingCount > 0 ? { average: Number(row.ratingAverage), count: row.ratingCount } : null;
}
