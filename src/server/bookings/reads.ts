/**
 * What renters and owners see of bookings (docs/api.md): one booking, a
 * renter's bookings, an owner's pending requests, and the other bookings of
 * an owner's spaces (GET /api/users/:id/space-bookings: confirmed, cancelled,
 * and any booking whose payment the renter disputed with their bank,
 * the payment's `dispute_status`, recorded by the Stripe webhook, whatever its status).
 */
import { and, desc, eq, inArray, isNotNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { Booking, OwnerBooking } from '../../shared/schemas/bookings';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, payments, users } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { currentCertificates } from '../insurance/service';
import { bookingsOutsideSchedule, type ScheduledSpace } from '../schedules/service';
import { bookingPaymentColumns, toBooking, type BookingRow } from './booking-row';

/** The columns of its space that a listed booking shows. */
const bookingSpaceColumns = {
  title: medicalSpaces.title,
  city: medicalSpaces.city,
  state: medicalSpaces.state,
  pricePeriod: medicalSpaces.pricePeriod,
  ownerId: medicalSpaces.ownerId,
};

/**
 * GET /api/bookings/{id}: one booking with its space and renter's name, for
 * its renter or its space's owner.
 * @throws HttpError 403 anyone else, 404 unknown booking
 */
export async function getBooking(db: Database, id: string, userId: string): Promise<Booking> {
  const [row] = await db
    .select({
      booking: bookings,
      payment: bookingPaymentColumns,
      space: bookingSpaceColumns,
      renter: { firstName: users.firstName, lastName: users.lastName, specialty: users.specialty, emailVerifiedAt: users.emailVerifiedAt },
    })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, bookings.renterId))
    .leftJoin(payments, eq(payments.id, bookings.paymentId))
    .where(eq(bookings.id, id))
    .limit(1);
  if (!row) throw notFound('Booking not found.');
  if (row.booking.renterId !== userId && row.space.ownerId !== userId)
    throw forbidden('Only the renter or the owner can see this booking.');
  return toBooking(row.booking, row.payment, row.space, row.renter);
}

/**
 * The bookings that lists show: neither a hold in payment (`awaiting_payment`) nor a hold that lapsed
 * unpaid (`expired` with no payment taken). The renter's list and the calendar feed
 * (src/server/calendar) ask this one condition.
 */
export function isListedBooking(): SQL {
  const lapsedHold = and(eq(bookings.status, 'expired'), inArray(bookings.paymentStatus, ['none', 'requires_payment', 'canceled']));
  return and(ne(bookings.status, 'awaiting_payment'), not(lapsedHold!))!;
}

/** A renter's bookings with their space, newest start first (holds in payment, and holds that lapsed unpaid, are left out). */
export async function listRenterBookings(db: Database, renterId: string): Promise<Booking[]> {
  const rows = await db
    .select({ booking: bookings, payment: bookingPaymentColumns, space: bookingSpaceColumns })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .leftJoin(payments, eq(payments.id, bookings.paymentId))
    .where(and(eq(bookings.renterId, renterId), isListedBooking()))
    .orderBy(desc(bookings.startAt), sql`${bookings.id}`);
  return rows.map((row) => toBooking(row.booking, row.payment, row.space));
}

/** What an owner's lists show of a renter: name and specialty (for the title), email and license checks, the license's states. */
const ownerViewOfRenter = {
  firstName: users.firstName,
  lastName: users.lastName,
  specialty: users.specialty,
  emailVerifiedAt: users.emailVerifiedAt,
  verified: users.verified,
  licenseStates: users.licenseStates,
};

/** What the schedule rules need of a booking's space. */
const scheduledSpaceColumns = {
  id: medicalSpaces.id,
  pricePeriod: medicalSpaces.pricePeriod,
  state: medicalSpaces.state,
  schedule: medicalSpaces.schedule,
};

/**
 * The owner's view of bookings: each with `outsideSchedule`, true for an upcoming confirmed or
 * pending booking that the listing's current schedule leaves out (`bookingsOutsideSchedule`), and
 * the renter's current certificate of insurance (`renterInsurance`; the owner of a pending or
 * confirmed booking may see it: insurance/service.ts). A cancelled booking shows none.
 */
async function withScheduleFlags(
  db: Database,
  rows: readonly { booking: BookingRow; scheduled: ScheduledSpace; shown: Booking }[],
  now = new Date(),
): Promise<OwnerBooking[]> {
  const upcoming = rows
    .filter((row) => (row.booking.status === 'confirmed' || row.booking.status === 'pending') && row.booking.endAt > now)
    .map((row) => ({ id: row.booking.id, startAt: row.booking.startAt, endAt: row.booking.endAt, space: row.scheduled }));
  const outside = await bookingsOutsideSchedule(db, upcoming, now);
  const insured = (status: BookingRow['status']) => status === 'pending' || status === 'confirmed';
  const certificates = await currentCertificates(
    db,
    rows.filter((row) => insured(row.booking.status)).map((row) => row.booking.renterId),
  );
  return rows.map((row) => ({
    ...row.shown,
    outsideSchedule: outside.has(row.booking.id),
    renterInsurance: insured(row.booking.status) ? (certificates.get(row.booking.renterId) ?? null) : null,
  }));
}

/** The pending requests for an owner's spaces, with space title and renter name (the Profile page's incoming requests, docs/product.md#profile), oldest first. */
export async function listBookingRequests(db: Database, ownerId: string): Promise<OwnerBooking[]> {
  const rows = await db
    .select({
      booking: bookings,
      payment: bookingPaymentColumns,
      space: bookingSpaceColumns,
      scheduled: scheduledSpaceColumns,
      renter: ownerViewOfRenter,
    })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, bookings.renterId))
    .leftJoin(payments, eq(payments.id, bookings.paymentId))
    .where(and(eq(medicalSpaces.ownerId, ownerId), eq(bookings.status, 'pending')))
    .orderBy(bookings.createdAt);
  return withScheduleFlags(
    db,
    rows.map((row) => ({ ...row, shown: toBooking(row.booking, row.payment, row.space, row.renter) })),
  );
}

/** At most this many bookings, the newest first. */
export const OWNER_BOOKINGS_LIMIT = 100;

/**
 * GET /api/users/:id/space-bookings: the confirmed, cancelled or disputed bookings of `ownerId`'s spaces, with
 * space and renter name and `outsideSchedule`, newest first (by creation), at most {@link OWNER_BOOKINGS_LIMIT}.
 */
export async function listOwnerSpaceBookings(db: Database, ownerId: string): Promise<OwnerBooking[]> {
  const rows = await db
    .select({
      booking: bookings,
      payment: bookingPaymentColumns,
      space: bookingSpaceColumns,
      scheduled: scheduledSpaceColumns,
      renter: ownerViewOfRenter,
    })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, bookings.renterId))
    .leftJoin(payments, eq(payments.id, bookings.paymentId))
    .where(
      and(eq(medicalSpaces.ownerId, ownerId), or(inArray(bookings.status, ['confirmed', 'cancelled']), isNotNull(payments.disputeStatus))),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(OWNER_BOOKINGS_LIMIT);
  return withScheduleFlags(
    db,
    rows.map((row) => ({ ...row, shown: toBooking(row.booking, row.payment, row.space, row.renter) })),
  );
}
