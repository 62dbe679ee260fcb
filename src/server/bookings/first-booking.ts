/**
 * What the first-booking fee depends on in the database
 * (docs/decisions/008-first-booking-fee-on-cancellation.md): whether a renter
 * has transacted with an owner yet (checkout charges the fee), and whether
 * they hold other bookings with that owner (cancellation may keep it).
 */
import { and, eq, gt, inArray, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings, medicalSpaces } from '../db/schema';

/**
 * Whether `renterId` has not transacted yet with `ownerId`: no confirmed
 * booking, and no cancelled one whose first-booking fee was kept
 * (docs/decisions/008-first-booking-fee-on-cancellation.md). The first one
 * carries the 10% platform fee (`platformFeeCents` in src/shared/booking-rules.ts).
 */
export async function isFirstTransaction(db: Database, renterId: string, ownerId: string): Promise<boolean> {
  return !(await hasBookingWithOwner(
    db,
    renterId,
    ownerId,
    or(eq(bookings.status, 'confirmed'), and(eq(bookings.status, 'cancelled'), eq(bookings.feeRetained, true)))!,
  ));
}

/**
 * Whether `renterId` holds a booking other than `except` (one id, or several: the occurrences of a
 * series cancelled together) with `ownerId`: pending or confirmed, or a hold in payment that has
 * not lapsed at `now`, of any of the owner's spaces.
 */
export function holdsOtherBookingsWithOwner(
  db: Database,
  renterId: string,
  ownerId: string,
  except: string | readonly string[],
  now: Date,
): Promise<boolean> {
  return hasBookingWithOwner(
    db,
    renterId,
    ownerId,
    and(
      typeof except === 'string' ? ne(bookings.id, except) : notInArray(bookings.id, [...except]),
      or(inArray(bookings.status, ['pending', 'confirmed']), and(eq(bookings.status, 'awaiting_payment'), gt(bookings.holdExpiresAt, now))),
    )!,
  );
}

/** Whether `renterId` has a booking of any of `ownerId`'s spaces that also meets `condition`. */
async function hasBookingWithOwner(db: Database, renterId: string, ownerId: string, condition: SQL): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(and(eq(bookings.renterId, renterId), eq(medicalSpaces.ownerId, ownerId), condition))
    .limit(1);
  return Boolean(row);
}
