/**
 * The day of a stay (docs/product.md#the-day-of-the-stay): the renter's check-in and check-out of a
 * confirmed booking, recorded once each, by the rules of src/shared/stays.ts.
 */
import { eq } from 'drizzle-orm';
import type { Booking } from '../../shared/schemas/bookings';
import { stayProblem, type StayStep } from '../../shared/stays';
import { getBooking } from '../bookings/reads';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';

/**
 * Records that the renter of `bookingId` took `step` at `now` (the first time stays: taking it
 * again changes nothing), under the booking's row lock.
 * @returns the booking, with `checkedInAt` and `checkedOutAt`
 * @throws HttpError 404 unknown booking, 403 anyone but its renter (its owner too), 409 when the
 *   rules refuse the step now (the message says why)
 */
export async function takeStayStep(db: Database, bookingId: string, userId: string, step: StayStep, now = new Date()): Promise<Booking> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!row) throw notFound('Booking not found.');
    if (row.renterId !== userId) throw forbidden(step === 'check_in' ? 'Only the renter can check in.' : 'Only the renter can check out.');
    const problem = stayProblem(
      {
        status: row.status,
        startDate: row.startAt.toISOString(),
        endDate: row.endAt.toISOString(),
        checkedInAt: row.checkedInAt?.toISOString() ?? null,
        checkedOutAt: row.checkedOutAt?.toISOString() ?? null,
        noShowMarkedAt: row.noShowMarkedAt?.toISOString() ?? null,
      },
      step,
      now,
    );
    if (problem) throw conflict(problem);
    if (step === 'check_in' && !row.checkedInAt) await tx.update(bookings).set({ checkedInAt: now }).where(eq(bookings.id, bookingId));
    if (step === 'check_out' && !row.checkedOutAt) await tx.update(bookings).set({ checkedOutAt: now }).where(eq(bookings.id, bookingId));
  });
  return getBooking(db, bookingId, userId);
}
