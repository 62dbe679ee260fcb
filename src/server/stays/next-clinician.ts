/**
 * "Next clinician waiting" (docs/product.md#the-day-of-the-stay): a few minutes before a confirmed
 * booking ends, its renter is told when another confirmed booking of the room starts soon after
 * (within the room's buffer and {@link NEXT_CLINICIAN_WITHIN_MINUTES} more), so that the room is
 * handed over on time. Run every minute by the `next-clinician-sweep` job; once per booking.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookingLink, describeInstant } from '../../shared/booking-notices';
import type { Database } from '../db/client';
import { bookings, medicalSpaces } from '../db/schema';
import { notify } from '../notifications/notify';

/** How many minutes before its end a booking's renter is told of the next clinician. */
export const NEXT_CLINICIAN_NOTICE_MINUTES = 10;

/** A booking starting this many minutes after the room's buffer, or sooner, is "the next clinician". */
export const NEXT_CLINICIAN_WITHIN_MINUTES = 30;

/**
 * Tells the renter of each confirmed booking ending within {@link NEXT_CLINICIAN_NOTICE_MINUTES} of
 * `now`, and not yet ended, that the next clinician's booking follows (dedupe key
 * `next_clinician_waiting:<bookingId>`: a sweep run twice, or on two instances, tells once).
 * @returns how many renters were told now
 */
export async function sweepNextClinician(db: Database, now = new Date()): Promise<number> {
  const next = alias(bookings, 'next');
  const until = new Date(now.getTime() + NEXT_CLINICIAN_NOTICE_MINUTES * 60_000);
  const ending = await db
    .select({
      id: bookings.id,
      renterId: bookings.renterId,
      endAt: bookings.endAt,
      title: medicalSpaces.title,
      timeZone: medicalSpaces.timeZone,
      nextStartAt: sql<Date>`min(${next.startAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .innerJoin(
      next,
      and(
        eq(next.spaceId, bookings.spaceId),
        eq(next.status, 'confirmed'),
        sql`${next.startAt} >= ${bookings.endAt}`,
        sql`${next.startAt} <= ${bookings.endAt} + make_interval(mins => ${bookings.bufferMinutes} + ${NEXT_CLINICIAN_WITHIN_MINUTES})`,
      ),
    )
    .where(and(eq(bookings.status, 'confirmed'), gt(bookings.endAt, now), lte(bookings.endAt, until)))
    .groupBy(bookings.id, medicalSpaces.id);
  let told = 0;
  for (const booking of ending) {
    const ends = describeInstant(booking.endAt.toISOString(), booking.timeZone, 'hourly');
    const starts = describeInstant(booking.nextStartAt.toISOString(), booking.timeZone, 'hourly');
    const id = await notify(db, {
      userId: booking.renterId,
      kind: 'next_clinician_waiting',
      title: `Next clinician soon in ${booking.title}`,
      body: `Your booking ends ${ends}; the next clinician's booking of the room starts ${starts}. Please leave the room ready on time.`,
      link: bookingLink(booking.id),
      data: { bookingId: booking.id, endAt: booking.endAt.toISOString(), nextStartAt: booking.nextStartAt.toISOString() },
      dedupeKey: `next_clinician_waiting:${booking.id}`,
    });
    if (id !== null) told++;
  }
  return told;
}
