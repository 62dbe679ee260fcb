/**
 * The cap on unpaid holds: a hold keeps its dates from every other renter for
 * `HOLD_MINUTES` (15) minutes, so one account holding many at once could block every calendar.
 * A renter may have at most {@link MAX_UNPAID_HOLDS} bookings in `awaiting_payment` whose hold has
 * not ended; asking for one more is a 429 that names them, to finish paying for or cancel
 * (`DELETE /api/bookings/:id/hold`, `releaseHold` in checkout.ts). (The hold route is also rate-limited per
 * account, `BOOKING_HOLDS_PER_HOUR` (30) an hour, in `routes.ts`.)
 *
 * The check runs inside the transaction that inserts the hold, under a per-renter transaction-level
 * advisory lock (`pg_advisory_xact_lock`, on PostgreSQL and PGlite alike), so holds asked for at once
 * by one renter are counted one after the other and never end above the cap. The lock is released
 * when the transaction ends.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { MAX_UNPAID_HOLDS, type PricingPeriod } from '../../shared/constants';
import { timeZoneForState } from '../../shared/time-zones';
import type { Database } from '../db/client';
import { bookings, bookingSeries, medicalSpaces } from '../db/schema';
import { tooManyRequests } from '../http/errors';

/** First key of the advisory locks of this module (the second is the renter), apart from other locks. */
const HOLD_LOCK_CLASS = 41_720_016;

/** A booking's start or end in its space's zone, as the booking list shows it. */
function formatInstant(instant: Date, period: PricingPeriod, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), period === 'hourly' ? 'MMM d, yyyy h:mm a' : 'MMM d, yyyy');
}

/**
 * Checks that `renterId` may make one more hold; call it inside the transaction that inserts the hold
 * (it takes the renter's advisory lock until that transaction ends).
 * @param tx the open transaction
 * @param now the instant the hold is made (holds that end at or before it do not count)
 * @throws HttpError 429 naming the renter's unpaid holds (space title and dates), with Retry-After
 *   (seconds until the first of them ends), when they already have {@link MAX_UNPAID_HOLDS}
 */
export async function assertRoomForHold(tx: Database, renterId: string, now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${HOLD_LOCK_CLASS}, hashtext(${renterId}))`);
  const rows = await tx
    .select({
      title: medicalSpaces.title,
      state: medicalSpaces.state,
      pricePeriod: medicalSpaces.pricePeriod,
      startAt: bookings.startAt,
      endAt: bookings.endAt,
      holdExpiresAt: bookings.holdExpiresAt,
      seriesId: bookings.seriesId,
    })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .leftJoin(bookingSeries, eq(bookingSeries.id, bookings.seriesId))
    .where(
      and(
        eq(bookings.renterId, renterId),
        eq(bookings.status, 'awaiting_payment'),
        gt(bookings.holdExpiresAt, now),
        // A standing booking's later periods wait for their off-session charge, not for the renter
        // (docs/decisions/041-standing-bookings.md): they are no renter's unpaid hold.
        or(isNull(bookingSeries.periodIndex), eq(bookingSeries.periodIndex, 0)),
      ),
    )
    .orderBy(asc(bookings.holdExpiresAt), asc(bookings.startAt));
  // A series is one hold, named by its first occurrence (docs/decisions/026-booking-series.md).
  const seen = new Set<string>();
  const holds = rows.filter((hold) => !hold.seriesId || (!seen.has(hold.seriesId) && Boolean(seen.add(hold.seriesId))));
  if (holds.length < MAX_UNPAID_HOLDS) return;

  const named = holds.map((hold) => {
    const timeZone = timeZoneForState(hold.state);
    return `“${hold.title}” (${formatInstant(hold.startAt, hold.pricePeriod, timeZone)} – ${formatInstant(hold.endAt, hold.pricePeriod, timeZone)})`;
  });
  const retryAfterSeconds = Math.max(1, Math.ceil((holds[0]!.holdExpiresAt!.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw tooManyRequests(
    `You already have ${holds.length} bookings waiting for payment: ${named.join('; ')}. ` +
      `Finish paying for one of them, cancel one, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}, when the first hold ends.`,
    retryAfterSeconds,
  );
}
