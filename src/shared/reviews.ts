/**
 * The review window (docs/decisions/028-reviews.md; docs/product.md#reviews): after a stay ends,
 * its renter and its owner may each review the other for 14 days. A stay is a single booking, or a
 * whole recurring series, which ends with its last confirmed occurrence. Pure: the server decides
 * with it, the client shows "Write a review" with it.
 */

/** Days after a stay's end during which either side may review it. */
export const REVIEW_WINDOW_DAYS = 14;
/** Days after a stay's end at which a side that has not reviewed is reminded, once. */
export const REVIEW_REMINDER_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the review window of a stay that ends at `stayEnd` opens (the end itself) and closes (14 days later, exclusive). */
export function reviewWindow(stayEnd: Date): { opensAt: Date; closesAt: Date } {
  return { opensAt: new Date(stayEnd.getTime()), closesAt: new Date(stayEnd.getTime() + REVIEW_WINDOW_DAYS * DAY_MS) };
}

/** Where `now` falls in the window of a stay ending at `stayEnd`: before it opens, inside `[end, end + 14 days)`, or after. */
export function reviewWindowState(stayEnd: Date, now: Date): 'not_ended' | 'open' | 'closed' {
  const { opensAt, closesAt } = reviewWindow(stayEnd);
  if (now < opensAt) return 'not_ended';
  return now < closesAt ? 'open' : 'closed';
}

/** When a side that has not reviewed a stay ending at `stayEnd` is reminded: 7 days after the end. */
export function reviewReminderDueAt(stayEnd: Date): Date {
  return new Date(stayEnd.getTime() + REVIEW_REMINDER_DAYS * DAY_MS);
}

/** A stay's end: the latest end of its confirmed bookings (one for a single booking, the occurrences of a series). */
export function stayEnd(confirmedEnds: readonly Date[]): Date | null {
  let latest: Date | null = null;
  for (const end of confirmedEnds) if (!latest || end > latest) latest = end;
  return latest;
}
