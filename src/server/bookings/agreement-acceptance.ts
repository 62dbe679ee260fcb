/**
 * A booking's papers as stored (docs/decisions/027-receipts-and-agreements.md): the booking, or its
 * whole series, with its space, both parties and its stored money, read once for the receipt, the
 * payout statement and the space-use agreement; and the record of the renter's clickwrap
 * acceptance of the agreement. Here, below the paperwork feature, so that the checkout records the
 * acceptance in its hold's transaction.
 */
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AGREEMENT_VERSION, agreementDocument, type AgreementInput } from '../../shared/agreement';
import { addressLine } from '../../shared/booking-notices';
import type { CancellationPolicyTier, PricingPeriod } from '../../shared/constants';
import type { StoredPayment } from '../../shared/schemas/paperwork';
import { timeZoneForState } from '../../shared/time-zones';
import type { Database } from '../db/client';
import type { SpaceRow } from './booking-row';
import { bookings, medicalSpaces, payments, users } from '../db/schema';
import { conflict } from '../http/errors';
import { paymentColumns, paymentOccurrences, storedPayment } from './stored-payments';

const renters = alias(users, 'renters');
const owners = alias(users, 'owners');

/** A booking's papers: who, where, when and the money, as stored. */
export interface BookingPapers {
  bookingId: string;
  status: (typeof bookings.$inferSelect)['status'];
  /** The series the booking is an occurrence of, or null. */
  seriesId: string | null;
  renterId: string;
  ownerId: string;
  renter: { fullName: string; email: string; businessName: string | null; taxId: string | null };
  owner: { fullName: string; email: string };
  space: {
    title: string;
    address: string;
    timeZone: string;
    pricePeriod: PricingPeriod;
    houseRules: string | null;
    equipment: string[];
    amenities: string[];
    ownerTerms: string | null;
  };
  cancellationPolicyTier: CancellationPolicyTier;
  /** The listing required check-in when the booking was made. */
  requiresCheckIn: boolean;
  /** The payment's status (the series' for an occurrence). */
  paymentStatus: (typeof bookings.$inferSelect)['paymentStatus'];
  /** The one payment: the booking's, or its series' with every occurrence. */
  payment: StoredPayment;
  /** The first occurrence's id (the booking's own when it is single): a series' agreement is named by it. */
  firstBookingId: string;
  acceptance: { acceptedAt: Date; version: string | null; sha256: string | null } | null;
}

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** The columns of a space the papers read. */
type PapersSpaceColumns = Pick<
  SpaceRow,
  'title' | 'address' | 'city' | 'state' | 'zipCode' | 'pricePeriod' | 'rules' | 'equipment' | 'amenities' | 'agreementTerms'
>;

/** A space as the papers describe it: its address on one line, its zone, house rules, what is included and the owner's own terms. */
function papersSpace(space: PapersSpaceColumns): BookingPapers['space'] {
  return {
    title: space.title,
    address: addressLine(space),
    timeZone: timeZoneForState(space.state),
    pricePeriod: space.pricePeriod,
    houseRules: space.rules,
    equipment: space.equipment,
    amenities: space.amenities,
    ownerTerms: space.agreementTerms,
  };
}
/**
 * The papers of booking `bookingId` (a uuid), or null when there is no such booking. For an
 * occurrence of a series, the payment is the series' (its total, fee, refunds and payment status)
 * and lists every occurrence.
 */
export async function bookingPapers(db: Database, bookingId: string): Promise<BookingPapers | null> {
  const [row] = await db
    .select({
      booking: {
        bookingId: bookings.id,
        status: bookings.status,
        paymentId: bookings.paymentId,
        seriesId: bookings.seriesId,
        renterId: bookings.renterId,
        tier: bookings.cancellationPolicyTier,
        requiresCheckIn: bookings.requiresCheckIn,
        agreementAcceptedAt: bookings.agreementAcceptedAt,
        agreementVersion: bookings.agreementVersion,
        agreementSha256: bookings.agreementSha256,
      },
      space: {
        ownerId: medicalSpaces.ownerId,
        title: medicalSpaces.title,
        address: medicalSpaces.address,
        city: medicalSpaces.city,
        state: medicalSpaces.state,
        zipCode: medicalSpaces.zipCode,
        pricePeriod: medicalSpaces.pricePeriod,
        rules: medicalSpaces.rules,
        equipment: medicalSpaces.equipment,
        amenities: medicalSpaces.amenities,
        agreementTerms: medicalSpaces.agreementTerms,
      },
      renter: {
        firstName: renters.firstName,
        lastName: renters.lastName,
        email: renters.email,
        businessName: renters.businessName,
        taxId: renters.taxId,
      },
      owner: { firstName: owners.firstName, lastName: owners.lastName, email: owners.email },
      payment: { ...paymentColumns, status: payments.status },
    })
    .from(bookings)
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .innerJoin(medicalSpaces, eq(medicalSpaces.id, bookings.spaceId))
    .innerJoin(renters, eq(renters.id, bookings.renterId))
    .innerJoin(owners, eq(owners.id, medicalSpaces.ownerId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) return null;
  const { booking, space } = row;

  const payment = storedPayment(row.payment, await paymentOccurrences(db, booking.paymentId!));
  return {
    bookingId: booking.bookingId,
    status: booking.status,
    seriesId: booking.seriesId,
    renterId: booking.renterId,
    ownerId: space.ownerId,
    renter: { fullName: fullName(row.renter), email: row.renter.email, businessName: row.renter.businessName, taxId: row.renter.taxId },
    owner: { fullName: fullName(row.owner), email: row.owner.email },
    space: papersSpace(space),
    cancellationPolicyTier: booking.tier,
    requiresCheckIn: booking.requiresCheckIn,
    paymentStatus: row.payment.status,
    payment,
    firstBookingId: payment.occurrences[0]!.bookingId,
    acceptance: booking.agreementAcceptedAt
      ? { acceptedAt: booking.agreementAcceptedAt, version: booking.agreementVersion, sha256: booking.agreementSha256 }
      : null,
  };
}

/** The agreement's input from a booking's papers. */
export function agreementInput(papers: BookingPapers): AgreementInput {
  return {
    bookingId: papers.firstBookingId,
    owner: papers.owner,
    renter: { fullName: papers.renter.fullName, email: papers.renter.email },
    space: papers.space,
    occurrences: papers.payment.occurrences,
    series: papers.payment.series,
    totalCents: papers.payment.totalCents,
    platformFeeCents: papers.payment.platformFeeCents,
    cancellationPolicyTier: papers.cancellationPolicyTier,
    requiresCheckIn: papers.requiresCheckIn,
  };
}

/** A booking not made yet, as checkout would make it (`previewCheckout` in checkout.ts): its space, occurrences and money, cents. */
export interface AgreementPreview {
  space: SpaceRow;
  occurrences: readonly { startAt: Date; endAt: Date; units: number; totalCents: number }[];
  /** Whether it is a recurring series (one payment for every occurrence). */
  series: boolean;
  totalCents: number;
  platformFeeCents: number;
}

/**
 * The agreement's input for a booking `renterId` has not made yet (the booking dialog's preview):
 * the text the hold's acceptance records, but for the booking reference and the owner's email, both
 * given when booking (any signed-in account may preview any listing, so the preview must not hand
 * out owners' addresses).
 * @throws Error when the renter or the space's owner is not stored
 */
export async function previewAgreementInput(db: Database, renterId: string, preview: AgreementPreview): Promise<AgreementInput> {
  const { space } = preview;
  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [renterId, space.ownerId]));
  const person = (id: string) => {
    const found = people.find((row) => row.id === id);
    if (!found) throw new Error(`No user ${id} for an agreement preview`);
    return { fullName: fullName(found), email: found.email };
  };
  return {
    bookingId: null,
    owner: { fullName: person(space.ownerId).fullName, email: null },
    renter: person(renterId),
    space: papersSpace(space),
    occurrences: preview.occurrences.map((occurrence) => ({
      startAt: occurrence.startAt.toISOString(),
      endAt: occurrence.endAt.toISOString(),
      units: occurrence.units,
      totalCents: occurrence.totalCents,
    })),
    series: preview.series,
    totalCents: preview.totalCents,
    platformFeeCents: preview.platformFeeCents,
    cancellationPolicyTier: space.cancellationPolicyTier,
    requiresCheckIn: space.requiresCheckIn,
  };
}

/**
 * Records the renter's acceptance of the space-use agreement of booking `bookingId` (for an
 * occurrence, of its whole series: every occurrence gets the same record) at `now`: the template
 * version and the SHA-256 of the text as it reads now. Call it in the hold's transaction, after
 * the booking (and a series' occurrences) are inserted.
 * @returns the version and hash recorded, or null when there is no such booking
 */
export async function recordAgreementAcceptance(
  db: Database,
  bookingId: string,
  now: Date,
): Promise<{ version: string; sha256: string } | null> {
  const papers = await bookingPapers(db, bookingId);
  if (!papers) return null;
  const { version, sha256 } = await agreementDocument(agreementInput(papers));
  await db
    .update(bookings)
    .set({ agreementAcceptedAt: now, agreementVersion: version, agreementSha256: sha256 })
    .where(papers.seriesId ? eq(bookings.seriesId, papers.seriesId) : eq(bookings.id, bookingId));
  return { version, sha256 };
}

/**
 * Checks the renter's clickwrap (`agreementVersion` of checkout; left out, the version in force) names
 * the template in force, so the acceptance recorded is of the text they were shown.
 * @throws HttpError 409 when the agreement has changed since the booking dialog was opened
 */
export function requireCurrentAgreement(version: string): void {
  if (version !== AGREEMENT_VERSION) {
    throw conflict(
      `The space-use agreement has changed since you opened it (version ${version}; now ${AGREEMENT_VERSION}). ` +
        'Please reload the page, read it again and book.',
    );
  }
}
