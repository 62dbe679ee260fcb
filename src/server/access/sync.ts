/**
 * A booking's door code kept in step with the booking (docs/product.md#the-day-of-the-stay): made
 * by the listing's lock provider once a `door_code` booking is confirmed, valid from 15 minutes
 * before the start to 15 minutes after the end, deleted when the booking is cancelled or its code
 * has run out, and replaced when the booking's times change. The `sync-access-code` job runs
 * {@link syncAccessCode}; confirmations and cancellations enqueue it (bookings/notices.ts).
 *
 * The provider is never called inside a transaction. A failure tells the owner (once per booking
 * and step) and throws, so the job is retried; the booking itself is never touched.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { codeValidity, revealAt } from '../../shared/access';
import { bookingLink, describeInstant } from '../../shared/booking-notices';
import { timeZoneForState } from '../../shared/time-zones';
import type { Database } from '../db/client';
import { accessCodes } from '../db/schema';
import { revealAccessJob, syncAccessCodeJob } from '../jobs/catalog';
import { enqueue } from '../jobs/queue';
import { notify } from '../notifications/notify';
import type { LockProvider } from './provider';
import { readBookingAccess, type StoredAccess } from './reads';

/** What the sync did: made a code, deleted one, replaced one, or nothing was to do. */
export type AccessSyncOutcome = 'created' | 'deleted' | 'replaced' | 'unchanged';

/**
 * Tells the owner that the lock provider failed to make (`create`) or delete (`delete`) the
 * booking's door code, once per booking and step; the booking stays as it is.
 */
async function tellOwnerOfFailure(db: Database, booking: StoredAccess, step: 'create' | 'delete'): Promise<void> {
  const starts = describeInstant(booking.startAt.toISOString(), timeZoneForState(booking.state), booking.pricePeriod);
  await notify(db, {
    userId: booking.ownerId,
    kind: 'access_code_failed',
    title: step === 'create' ? `Door code not set up yet: ${booking.title}` : `Door code not removed yet: ${booking.title}`,
    body:
      step === 'create'
        ? `Your lock did not accept the door code for the booking of ${booking.title} starting ${starts}. The booking stays confirmed and we keep trying; please check the lock, or send the renter a way in.`
        : `Your lock did not remove the door code of the booking of ${booking.title} starting ${starts}. We keep trying; please check the lock.`,
    link: bookingLink(booking.id),
    data: { bookingId: booking.id, step },
    dedupeKey: `access_code_failed:${step}:${booking.id}:${booking.ownerId}`,
  });
}

/**
 * Makes, keeps, replaces or deletes the door code of `bookingId` so that it matches the booking at
 * `now`: a live code exactly when the booking is confirmed, its listing uses door codes, and its
 * code's end (15 minutes after the booking's) is still ahead, valid for the booking's current
 * times. A new code also enqueues its reveal to the renter (at the reveal time) and this sync
 * again at its end, which deletes it. An `instructions` booking just confirmed gets its reveal.
 * Rescheduling calls this (through the `sync-access-code` job) after moving the booking: the code
 * whose validity no longer matches is deleted and a new one made.
 * @returns what was done
 * @throws LockProviderError (after telling the owner) when the provider fails; the job retries
 */
export async function syncAccessCode(db: Database, locks: LockProvider, bookingId: string, now = new Date()): Promise<AccessSyncOutcome> {
  let created = false;
  let deleted = false;
  // A few rounds: each reads the booking again after calling the provider, so a cancellation
  // that commits meanwhile is seen and undone here rather than leaving a live code.
  for (let round = 0; round < 4; round++) {
    const booking = await readBookingAccess(db, bookingId);
    if (!booking) break;
    const { code } = booking;
    const validity = codeValidity(booking.startAt, booking.endAt);
    const wanted = booking.status === 'confirmed' && booking.method === 'door_code' && now < validity.validUntil;
    const current =
      code !== null &&
      code.validFrom.getTime() === validity.validFrom.getTime() &&
      code.validUntil.getTime() === validity.validUntil.getTime();

    if (code && (!wanted || !current)) {
      try {
        await locks.deleteCode(code.externalId);
      } catch (error) {
        await tellOwnerOfFailure(db, booking, 'delete');
        throw error;
      }
      await db
        .update(accessCodes)
        .set({ deletedAt: now })
        .where(and(eq(accessCodes.id, code.id), isNull(accessCodes.deletedAt)));
      deleted = true;
      continue;
    }
    if (wanted && !code) {
      let issued;
      try {
        issued = await locks.createCode({ bookingId, spaceId: booking.spaceId, ...validity });
      } catch (error) {
        await tellOwnerOfFailure(db, booking, 'create');
        throw error;
      }
      const kept = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(accessCodes)
          .values({ bookingId, provider: locks.name, externalId: issued.externalId, code: issued.code, ...validity })
          .onConflictDoNothing()
          .returning({ id: accessCodes.id });
        if (!row) return false;
        await enqueue(tx, revealAccessJob, { bookingId }, { startAfter: revealAt(booking.startAt, booking.revealHours) });
        await enqueue(tx, syncAccessCodeJob, { bookingId }, { startAfter: validity.validUntil });
        return true;
      });
      // Another run made one first: ours opens nothing, so it goes.
      if (!kept) await locks.deleteCode(issued.externalId);
      else created = true;
      continue;
    }
    // Nothing to change. An instructions booking just confirmed is told its way in at the reveal.
    if (booking.status === 'confirmed' && booking.method === 'instructions' && now < booking.endAt) {
      await enqueue(db, revealAccessJob, { bookingId }, { startAfter: revealAt(booking.startAt, booking.revealHours) });
    }
    break;
  }
  return created && deleted ? 'replaced' : created ? 'created' : deleted ? 'deleted' : 'unchanged';
}

/**
 * After a booking's times changed (rescheduling, when it exists): enqueues, within `tx` (the
 * transaction that moved it), the sync that deletes its code and makes one for the new times.
 * `bookings`, below this feature, enqueues {@link syncAccessCodeJob} itself, as bookings/notices.ts does.
 */
export async function rescheduleAccessCode(tx: Database, bookingId: string): Promise<void> {
  await enqueue(tx, syncAccessCodeJob, { bookingId });
}
