/**
 * A booking's way in as stored: the booking, its listing's access settings and its live door code
 * (the one not deleted). The reveal (service.ts) and the sync with the lock (sync.ts) read it alike.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accessCodes, bookings, medicalSpaces } from '../db/schema';

/** What {@link readBookingAccess} answers: the booking and listing fields, and `code` (null while none is live). */
export type StoredAccess = NonNullable<Awaited<ReturnType<typeof readBookingAccess>>>;

/** The booking `bookingId` with its listing's way in and its live door code, or null for an unknown booking. */
export async function readBookingAccess(db: Database, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      startAt: bookings.startAt,
      endAt: bookings.endAt,
      spaceId: bookings.spaceId,
      renterId: bookings.renterId,
      ownerId: medicalSpaces.ownerId,
      title: medicalSpaces.title,
      state: medicalSpaces.state,
      pricePeriod: medicalSpaces.pricePeriod,
      method: medicalSpaces.accessMethod,
      revealHours: medicalSpaces.accessRevealHours,
      instructions: medicalSpaces.accessInstructions,
    })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) return null;
  const [code] = await db
    .select({
      id: accessCodes.id,
      code: accessCodes.code,
      externalId: accessCodes.externalId,
      validFrom: accessCodes.validFrom,
      validUntil: accessCodes.validUntil,
    })
    .from(accessCodes)
    .where(and(eq(accessCodes.bookingId, bookingId), isNull(accessCodes.deletedAt)))
    .limit(1);
  return { ...row, code: code ?? null };
}
