/**
 * GET /api/users/:id/space-bookings (docs/api.md): the bookings of an owner's
 * spaces beyond the pending requests (those are `listBookingRequests`), so the
 * owner sees what became of them: confirmed, cancelled, and any booking whose
 * payment the renter disputed with their bank (`dispute_status`, recorded by
 * the Stripe webhook) whatever its status.
 */
import { and, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Booking } from '../../shared/schemas/bookings';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, users } from '../db/schema';
import { toBooking } from './service';

/** At most this many bookings, the newest first. */
export const OWNER_BOOKINGS_LIMIT = 100;

/**
 * The confirmed, cancelled or disputed bookings of `ownerId`'s spaces, with
 * space and renter name, newest first (by creation), at most {@link OWNER_BOOKINGS_LIMIT}.
 */
export async function listOwnerSpaceBookings(db: Database, ownerId: string): Promise<Booking[]> {
  const rows = await db
    .select({
      booking: bookings,
      space: {
        title: medicalSpaces.title,
        city: medicalSpaces.city,
        state: medicalSpaces.state,
        pricePeriod: medicalSpaces.pricePeriod,
        ownerId: medicalSpaces.ownerId,
      },
      renter: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, bookings.renterId))
    .where(and(eq(medicalSpaces.ownerId, ownerId), or(inArray(bookings.status, ['confirmed', 'cancelled']), isNotNull(bookings.disputeStatus))))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(OWNER_BOOKINGS_LIMIT);
  return rows.map((row) => toBooking(row.booking, row.space, row.renter));
}
