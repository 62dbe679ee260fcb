/**
 * The stored rating of each space (docs/decisions/028-reviews.md): `rating_count`, `rating_sum` and
 * `rating_average` of `medical_spaces`, from its published renter reviews. A renter review enters
 * them once, when it is published: in the transaction in which the other side's review publishes
 * both, or, for a review whose window closed with the other side silent, by the first of the
 * review sweep, a space read or a search that runs {@link foldPublishedRatings} after the close.
 * Search sorts and filters on the stored average, on one index.
 */
import { sql } from 'drizzle-orm';
import type { SpaceRating } from '../../shared/schemas/reviews';
import type { Database } from '../db/client';

/**
 * Counts every renter review published by `now` and not yet counted into its space's rating, once:
 * the `UPDATE` takes each review's row lock and rechecks `counted_at`, so two concurrent calls never
 * count one review twice. Cheap when there is nothing to count (a probe of a small partial index).
 * @returns how many reviews were counted now
 */
export async function foldPublishedRatings(db: Database, now = new Date()): Promise<number> {
  const result = await db.execute(sql`
    with due as (
      update reviews set counted_at = ${now.toISOString()}::timestamptz
      where counted_at is null and author_side = 'renter' and published_at <= ${now.toISOString()}::timestamptz
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
    select coalesce(sum(count), 0)::int as counted from folded`);
  const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as Array<{ counted: number | string }>;
  return Number(rows[0]?.counted ?? 0);
}

/** The API's rating of a space row: null without reviews. */
export function ratingOf(row: { ratingCount: number; ratingAverage: string }): SpaceRating {
  return row.ratingCount > 0 ? { average: Number(row.ratingAverage), count: row.ratingCount } : null;
}
