/**
 * A standing booking as its renter and owner see it (docs/decisions/041-standing-bookings.md): what
 * was agreed, its periods' payments (paid through, the next charge) and its occurrences so far.
 */
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { localDate } from '../../shared/availability';
import { fromCents, toCents } from '../../shared/money';
import type { StandingBooking } from '../../shared/schemas/standing-bookings';
import { billingPeriod } from '../../shared/standing-bookings';
import { timeZoneForState } from '../../shared/time-zones';
import { shownOccurrence } from '../bookings/checkout';
import type { SpaceRow } from '../bookings/booking-row';
import type { Database } from '../db/client';
import { bookings, bookingSeries, medicalSpaces, payments, standingBookings } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import type { StandingRow } from './standing-writer';

/** Payment statuses of a period that has been paid (refunds later do not unpay it). */
const PAID = new Set(['paid', 'partially_refunded', 'refunded', 'authorized']);

/** A standing booking with its space. @throws HttpError 404 unknown */
export async function requireStandingWithSpace(db: Database, id: string): Promise<{ standing: StandingRow; space: SpaceRow }> {
  const [row] = await db
    .select({ standing: standingBookings, space: medicalSpaces })
    .from(standingBookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, standingBookings.spaceId))
    .where(eq(standingBookings.id, id))
    .limit(1);
  if (!row) throw notFound('Standing booking not found.');
  return row;
}

/** Who `userId` is to a standing booking. @throws HttpError 403 neither its renter nor its space's owner */
export function standingParty(standing: StandingRow, space: SpaceRow, userId: string): 'renter' | 'owner' {
  if (standing.renterId === userId) return 'renter';
  if (space.ownerId === userId) return 'owner';
  throw forbidden('Only the renter or the owner can see this standing booking.');
}

/** The standing booking as the API shows it, read now. */
export async function toStandingBooking(db: Database, standing: StandingRow, space: SpaceRow): Promise<StandingBooking> {
  const timeZone = timeZoneForState(space.state);
  const periods = await db
    .select({
      id: bookingSeries.id,
      periodIndex: bookingSeries.periodIndex,
      nextChargeAt: bookingSeries.nextChargeAt,
      amount: payments.amount,
      paymentStatus: payments.status,
    })
    .from(bookingSeries)
    .innerJoin(payments, eq(payments.id, bookingSeries.id))
    .where(eq(bookingSeries.standingBookingId, standing.id))
    .orderBy(asc(bookingSeries.periodIndex));
  const occurrences = periods.length
    ? await db
        .select()
        .from(bookings)
        .where(
          inArray(
            bookings.seriesId,
            periods.map((period) => period.id),
          ),
        )
        .orderBy(asc(bookings.startAt), asc(bookings.id))
    : [];
  const paid = periods.filter((period) => PAID.has(period.paymentStatus));
  const lastPaid = paid.at(-1);
  const next = periods.find((period) => period.nextChargeAt !== null && !PAID.has(period.paymentStatus));
  const nextCents = next
    ? occurrences
        .filter((row) => row.seriesId === next.id && row.status === 'awaiting_payment')
        .reduce((sum, row) => sum + toCents(row.totalPrice), 0)
    : 0;
  return {
    id: standing.id,
    spaceId: space.id,
    spaceTitle: space.title,
    renterId: standing.renterId,
    ownerId: space.ownerId,
    status: standing.status,
    billing: standing.billing,
    noticeDays: standing.noticeDays,
    minimumTermMonths: standing.minimumTermMonths,
    weekdays: standing.weekdays,
    startedOn: standing.startedOn,
    paidThrough: lastPaid ? billingPeriod(standing.startedOn, standing.billing, lastPaid.periodIndex ?? 0).end : null,
    nextChargeOn: next?.nextChargeAt ? localDate(next.nextChargeAt, timeZone) : null,
    nextChargeAmount: next ? fromCents(nextCents) : null,
    endsOn: standing.endsOn,
    occurrences: occurrences.map((row) => ({ ...shownOccurrence(row, space), status: row.status })),
  };
}

/**
 * GET /api/standing-bookings/{id}: its renter or its space's owner.
 * @throws HttpError 403 anyone else, 404 unknown
 */
export async function getStandingBooking(db: Database, id: string, userId: string): Promise<StandingBooking> {
  const { standing, space } = await requireStandingWithSpace(db, id);
  standingParty(standing, space, userId);
  return toStandingBooking(db, standing, space);
}

/**
 * GET /api/users/{id}/standing-bookings: the user's own, as renter or as owner of the space, newest
 * first; those whose first period was never paid are left out.
 */
export async function listStandingBookings(db: Database, userId: string): Promise<StandingBooking[]> {
  const rows = await db
    .select({ standing: standingBookings, space: medicalSpaces })
    .from(standingBookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, standingBookings.spaceId))
    .innerJoin(bookingSeries, and(eq(bookingSeries.standingBookingId, standingBookings.id), eq(bookingSeries.periodIndex, 0)))
    .innerJoin(payments, eq(payments.id, bookingSeries.id))
    .where(
      and(
        or(eq(standingBookings.renterId, userId), eq(medicalSpaces.ownerId, userId)),
        inArray(payments.status, ['authorized', 'paid', 'partially_refunded', 'refunded']),
      ),
    )
    .orderBy(desc(standingBookings.createdAt));
  return Promise.all(rows.map(({ standing, space }) => toStandingBooking(db, standing, space)));
}
