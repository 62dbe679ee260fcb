/**
 * No-shows (docs/product.md#the-day-of-the-stay): on a listing that required check-in, the owner marks
 * a renter who did not check in a no-show (no refund), once, by the rules of src/shared/stays.ts; the
 * renter is told and may dispute it, which the operators' console shows.
 */
import { eq } from 'drizzle-orm';
import { bookingLink, describeInstant } from '../../shared/booking-notices';
import type { Booking } from '../../shared/schemas/bookings';
import { noShowProblem } from '../../shared/stays';
import { getBooking } from '../bookings/reads';
import type { Database } from '../db/client';
import { bookings, medicalSpaces } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { notify } from '../notifications/notify';

/** The booking's row and its space's owner, title and zone, under the booking's row lock. @throws HttpError 404 unknown */
async function lockedBooking(tx: Database, bookingId: string) {
  const [row] = await tx
    .select({ booking: bookings, ownerId: medicalSpaces.ownerId, title: medicalSpaces.title, timeZone: medicalSpaces.timeZone })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(eq(bookings.id, bookingId))
    .for('update', { of: bookings });
  if (!row) throw notFound('Booking not found.');
  return row;
}

/**
 * The owner of `bookingId`'s space marks its renter a no-show at `now` (the first time stays: marking
 * again changes nothing and answers the same booking), under the booking's row lock; the renter is
 * told (`booking_no_show`). Nothing is refunded.
 * @returns the booking, with `noShow`
 * @throws HttpError 404 unknown booking, 403 anyone but the space's owner (the renter too), 409 when
 *   the rules refuse it now (the message says why: `noShowProblem`)
 */
export async function markNoShow(db: Database, bookingId: string, userId: string, now = new Date()): Promise<Booking> {
  await db.transaction(async (tx) => {
    const { booking, ownerId, title, timeZone } = await lockedBooking(tx, bookingId);
    if (ownerId !== userId) throw forbidden('Only the owner of the space can mark a no-show.');
    if (booking.noShowMarkedAt) return;
    const problem = noShowProblem(
      {
        status: booking.status,
        startDate: booking.startAt.toISOString(),
        endDate: booking.endAt.toISOString(),
        checkedInAt: booking.checkedInAt?.toISOString() ?? null,
        checkedOutAt: booking.checkedOutAt?.toISOString() ?? null,
        requiresCheckIn: booking.requiresCheckIn,
        noShowMarkedAt: null,
      },
      now,
    );
    if (problem) throw conflict(problem);
    await tx.update(bookings).set({ noShowMarkedAt: now }).where(eq(bookings.id, bookingId));
    const starts = describeInstant(booking.startAt.toISOString(), timeZone, 'hourly');
    await notify(tx, {
      userId: booking.renterId,
      kind: 'booking_no_show',
      title: `Marked a no-show at ${title}`,
      body:
        `The owner marked your booking starting ${starts} a no-show: you did not check in. No-shows are not refunded. ` +
        'If you were there, you can dispute it from the booking.',
      link: bookingLink(booking.id),
      data: { bookingId: booking.id, markedAt: now.toISOString() },
      dedupeKey: `booking_no_show:${booking.id}`,
    });
  });
  return getBooking(db, bookingId, userId);
}

/**
 * The renter of `bookingId` disputes its no-show with `reason`, under the booking's row lock; the
 * first dispute stays (disputing again changes nothing). The operators' console shows it.
 * @returns the booking, with `noShow.disputedAt` and `noShow.disputeReason`
 * @throws HttpError 404 unknown booking, 403 anyone but its renter, 409 when it is not marked a no-show
 */
export async function disputeNoShow(db: Database, bookingId: string, userId: string, reason: string, now = new Date()): Promise<Booking> {
  await db.transaction(async (tx) => {
    const { booking } = await lockedBooking(tx, bookingId);
    if (booking.renterId !== userId) throw forbidden('Only the renter can dispute a no-show.');
    if (!booking.noShowMarkedAt) throw conflict('This booking is not marked a no-show.');
    if (booking.noShowDisputedAt) return;
    await tx.update(bookings).set({ noShowDisputedAt: now, noShowDisputeReason: reason }).where(eq(bookings.id, bookingId));
  });
  return getBooking(db, bookingId, userId);
}
