/**
 * The one writer of `standing_bookings.status`: each move is a guarded `UPDATE ... WHERE status IN
 * (<allowed>)` asking the table of src/shared/standing-lifecycle.ts, so two moves at once cannot
 * both win.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { standingStatusAfter, standingStatusesAllowing, type StandingTransition } from '../../shared/standing-lifecycle';
import type { Database } from '../db/client';
import { standingBookings } from '../db/schema';

/** A standing booking as the database holds it. */
export type StandingRow = typeof standingBookings.$inferSelect;

/**
 * Moves standing booking `id` through `transition` with `changes` when its status allows it.
 * @returns the row as it is now, or null when its status did not allow the move (moved meanwhile)
 */
export async function moveStandingBooking(
  db: Database,
  id: string,
  transition: StandingTransition,
  changes: Partial<Pick<StandingRow, 'endsOn' | 'endedBy'>> = {},
): Promise<StandingRow | null> {
  const [row] = await db
    .update(standingBookings)
    .set({ ...changes, status: standingStatusAfter(transition) })
    .where(and(eq(standingBookings.id, id), inArray(standingBookings.status, standingStatusesAllowing(transition))))
    .returning();
  return row ?? null;
}
