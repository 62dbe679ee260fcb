/**
 * One booking row, as every job of this folder handles it (checkout, owner
 * answers, cancellation, reads and the reconciliation job): read with its
 * space and shown in its public shape (docs/decisions/005-bookings-as-holds.md).
 * Its status moves only through `./booking-writer.ts`.
 */
import { eq } from 'drizzle-orm';
import { fromCents, toCents } from '../../shared/money';
import type { Booking, BookingPaymentStatus } from '../../shared/schemas/bookings';
import { timeZoneForState } from '../../shared/time-zones';
import type { Database } from '../db/client';
import { bookings, medicalSpaces, payments } from '../db/schema';
import { notFound } from '../http/errors';

/** A space row as the database holds it. */
export type SpaceRow = typeof medicalSpaces.$inferSelect;
/** A booking row as the database holds it. */
export type BookingRow = typeof bookings.$inferSelect;
/** What a booking shows of its space. */
export type BookingSpace = Pick<SpaceRow, 'title' | 'city' | 'state' | 'pricePeriod' | 'ownerId'>;

/**
 * A booking with its space, for permission checks.
 * @throws HttpError 404 unknown booking
 */
export async function requireBookingWithSpace(db: Database, id: string): Promise<{ booking: BookingRow; space: SpaceRow }> {
  const [row] = await db
    .select({ booking: bookings, space: medicalSpaces })
    .from(bookings)
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .where(eq(bookings.id, id))
    .limit(1);
  if (!row) throw notFound('Booking not found.');
  return row;
}

/** A booking moved by someone else between our read and our update. */
export const CHANGED_MEANWHILE = 'This booking changed in the meantime. Please reload and try again.';

/**
 * What a booking shows of its payment (`payments`): the intent, and the card network dispute on it
 * (as Stripe states it: needs_response, under_review, won, lost...), or null for either.
 */
export interface BookingPayment {
  stripePaymentIntentId: string | null;
  disputeStatus: string | null;
}

/** The columns of `payments` a shown booking selects, joined on `bookings.payment_id`. */
export const bookingPaymentColumns = {
  stripePaymentIntentId: payments.stripePaymentIntentId,
  disputeStatus: payments.disputeStatus,
};

/** What bookings of payment `paymentId` show of it (nulls for an unknown payment). */
export async function findBookingPayment(db: Database, paymentId: string | null): Promise<BookingPayment> {
  const [row] = paymentId ? await db.select(bookingPaymentColumns).from(payments).where(eq(payments.id, paymentId)) : [];
  return row ?? { stripePaymentIntentId: null, disputeStatus: null };
}

/** The payment status the API shows: an intent made but not yet paid is still `none`. */
function publicPaymentStatus(status: BookingRow['paymentStatus']): BookingPaymentStatus {
  return status === 'requires_payment' ? 'none' : status;
}

/**
 * Public shape of a booking row and its payment; instants ISO-8601 UTC. A series occurrence shows no
 * intent of its own (its series shows the one it is paid by).
 */
export function toBooking(
  row: BookingRow,
  payment: BookingPayment | null,
  space?: BookingSpace,
  renter?: {
    firstName: string;
    lastName: string;
    specialty?: string | null;
    emailVerifiedAt?: Date | null;
    verified?: boolean;
    licenseStates?: string[];
  },
): Booking {
  return {
    id: row.id,
    spaceId: row.spaceId,
    renterId: row.renterId,
    startDate: row.startAt.toISOString(),
    endDate: row.endAt.toISOString(),
    totalPrice: row.totalPrice,
    platformFeeAmount: row.platformFeeAmount,
    stripePaymentIntentId: row.seriesId ? null : (payment?.stripePaymentIntentId ?? null),
    status: row.status,
    units: row.units,
    instantBook: row.instantBook,
    cancellationPolicyTier: row.cancellationPolicyTier,
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    requestExpiresAt: row.requestExpiresAt?.toISOString() ?? null,
    refundAmount: row.refundAmount,
    paymentStatus: publicPaymentStatus(row.paymentStatus),
    amountRefunded: fromCents(toCents(row.amountRefunded)),
    cancelledBy: row.cancelledBy,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    notes: row.notes,
    disputeStatus: payment?.disputeStatus ?? null,
    createdAt: row.createdAt.toISOString(),
    seriesId: row.seriesId,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    checkedOutAt: row.checkedOutAt?.toISOString() ?? null,
    requiresCheckIn: row.requiresCheckIn,
    noShow: row.noShowMarkedAt
      ? {
          markedAt: row.noShowMarkedAt.toISOString(),
          disputedAt: row.noShowDisputedAt?.toISOString() ?? null,
          disputeReason: row.noShowDisputeReason,
        }
      : null,
    ...(space
      ? {
          space: {
            title: space.title,
            city: space.city,
            state: space.state,
            pricePeriod: space.pricePeriod,
            ownerId: space.ownerId,
            timeZone: timeZoneForState(space.state),
          },
        }
      : {}),
    ...(renter
      ? {
          renter: {
            firstName: renter.firstName,
            lastName: renter.lastName,
            ...(renter.specialty !== undefined ? { specialty: renter.specialty } : {}),
            ...(renter.emailVerifiedAt !== undefined ? { emailVerified: renter.emailVerifiedAt !== null } : {}),
            ...(renter.verified !== undefined ? { verified: renter.verified } : {}),
            ...(renter.licenseStates !== undefined ? { licenseStates: renter.licenseStates } : {}),
          },
        }
      : {}),
  };
}
