/**
 * Bookings: quotes, holds and their payment intents, the booking as the API returns it, owner answers
 * and cancellation quotes.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { insuranceCertificateSchema } from './insurance';
import { AGREEMENT_VERSION, BOOKING_STATUSES, CANCELLATION_POLICY_TIERS } from '../constants';
import { moneySchema, textSchema, trimmed } from './fields';
import { pricingPeriodSchema } from './spaces';

/** A booking's start or end: a local date (daily, monthly) or local date and time (hourly). */
export const bookingInstantSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, 'Use YYYY-MM-DD or YYYY-MM-DDTHH:mm');
export const bookingDetailsSchema = z.object({
  startDate: bookingInstantSchema,
  endDate: bookingInstantSchema,
  notes: trimmed(2000).optional(),
});
export type BookingDetails = z.infer<typeof bookingDetailsSchema>;
/** What checkout answers when `agreementVersion` is sent but is not a version (empty, not a string). */
export const AGREEMENT_NOT_ACCEPTED = `Accept the space-use agreement to book: send agreementVersion, the version of the agreement shown (now ${AGREEMENT_VERSION}).`;

/**
 * `agreementVersion` of checkout: the renter's clickwrap acceptance of the space-use agreement, as the
 * version of the template they were shown beside the pay button ({@link AGREEMENT_VERSION};
 * docs/decisions/027-receipts-and-agreements.md). Optional: a request without it (the call as first
 * published had no such field) books under the version in force, and that is recorded as accepted.
 */
export const agreementVersionSchema = z
  .string({ error: AGREEMENT_NOT_ACCEPTED })
  .trim()
  .min(1, AGREEMENT_NOT_ACCEPTED)
  .max(40)
  .regex(/^[\w.-]+$/, 'Send the version of the agreement shown, like 2026-11-25');

/**
 * POST /api/create-booking-payment-intent (docs/product.md#api-calls). `amount` is the client's total in dollars, checked by the
 * server; `agreementVersion` accepts the space-use agreement of the booking.
 */
export const createBookingPaymentIntentSchema = z.object({
  spaceId: z.uuid(),
  userId: z.uuid().optional(),
  amount: moneySchema.optional(),
  bookingDetails: bookingDetailsSchema,
  /** One per booking attempt: asking twice returns the same payment intent (docs/decisions/012-payment-providers.md). */
  idempotencyKey: textSchema.min(8).max(100).optional(),
  agreementVersion: agreementVersionSchema.optional(),
});
export const bookingPaymentIntentSchema = z.object({
  /** The hold that keeps the dates while the renter pays (docs/decisions/005-bookings-as-holds.md). */
  bookingId: z.uuid(),
  /** When the hold lapses unpaid, ISO-8601 UTC. */
  holdExpiresAt: z.string(),
  /** False: request-to-book; the card is authorised and the owner answers. */
  instantBook: z.boolean(),
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  /** Total the renter pays, decimal dollars. */
  amount: z.string(),
  platformFeeAmount: z.string(),
  ownerConnected: z.boolean(),
  isFirstTransaction: z.boolean(),
  units: z.number().int(),
});
export type BookingPaymentIntent = z.infer<typeof bookingPaymentIntentSchema>;
/** POST /api/bookings (docs/product.md#api-calls, plus the payment intent that paid for it). */
export const createBookingSchema = z.object({
  spaceId: z.uuid(),
  renterId: z.uuid().optional(),
  startDate: bookingInstantSchema,
  endDate: bookingInstantSchema,
  totalPrice: moneySchema,
  status: z.enum(BOOKING_STATUSES).optional(),
  notes: trimmed(2000).nullish(),
  paymentIntentId: textSchema.min(1).max(200),
});
export type CreateBookingInput = z.input<typeof createBookingSchema>;
/**
 * What a booking's payment has done (the database's `requires_payment`, an
 * intent made but not paid, shows as `none`): `authorized` (a request's card
 * is held), `paid`, `partially_refunded`, `refunded`, `canceled` (released
 * unpaid).
 */
export const BOOKING_PAYMENT_STATUSES = ['none', 'authorized', 'paid', 'partially_refunded', 'refunded', 'canceled'] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];
/** A booking's no-show (src/shared/stays.ts): when the owner marked it, and the renter's dispute, if any. */
export const noShowSchema = z.object({
  markedAt: z.string(),
  disputedAt: z.string().nullable(),
  disputeReason: z.string().nullable(),
});
/** One attestation of the room's state on the turnover checklist (src/shared/stays.ts), as kept: who (role and name), the items, the note, when. */
export const turnoverEntrySchema = z.object({
  id: z.uuid(),
  role: z.enum(['renter', 'owner']),
  userId: z.uuid(),
  items: z.array(z.object({ label: z.string(), done: z.boolean() })),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export const bookingSchema = z.object({
  id: z.uuid(),
  spaceId: z.uuid(),
  renterId: z.uuid(),
  startDate: z.string(),
  endDate: z.string(),
  totalPrice: z.string(),
  platformFeeAmount: z.string().nullable(),
  stripePaymentIntentId: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  units: z.number().int().nullable(),
  instantBook: z.boolean(),
  cancellationPolicyTier: z.enum(CANCELLATION_POLICY_TIERS),
  holdExpiresAt: z.string().nullable(),
  requestExpiresAt: z.string().nullable(),
  /** The refund decided at cancellation (decimal dollars), and who cancelled. */
  refundAmount: z.string().nullable(),
  paymentStatus: z.enum(BOOKING_PAYMENT_STATUSES),
  /** What the provider has actually refunded of the payment (decimal dollars), "0.00" when nothing. */
  amountRefunded: z.string(),
  cancelledBy: z.enum(['renter', 'owner']).nullable(),
  cancelledAt: z.string().nullable(),
  notes: z.string().nullable(),
  /** A dispute of the payment with the renter's bank, as Stripe reports it (needs_response, under_review, won, lost, warning_*), or null. */
  disputeStatus: z.string().nullable(),
  createdAt: z.string(),
  /** The recurring series this booking is an occurrence of (one payment for all; docs/decisions/026-booking-series.md), or null. */
  seriesId: z.uuid().nullable(),
  /** When the renter checked in and out on the day of the stay (src/shared/stays.ts), or null. */
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  /** The listing required check-in when the booking was made: its renter may then be marked a no-show (src/shared/stays.ts). */
  requiresCheckIn: z.boolean().default(false),
  /** The owner marked the renter a no-show (no refund), and the renter's dispute of it, or null. */
  noShow: noShowSchema.nullable().default(null),
  space: z
    .object({
      title: z.string(),
      city: z.string(),
      state: z.string(),
      timeZone: z.string(),
      pricePeriod: pricingPeriodSchema,
      ownerId: z.uuid(),
    })
    .optional(),
  /** For an owner's incoming requests (docs/product.md#data: booking requests embed the renter). */
  renter: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      /** The renter's specialty, which says whether their name takes "Dr." (src/shared/names.ts). */
      specialty: z.string().nullable().optional(),
      /** Whether the renter confirmed their email with the emailed link (it blocks nothing; the owner sees it). */
      emailVerified: z.boolean().optional(),
      /**
       * Whether the renter's license is verified, and the states it is verified for (the owner's
       * lists: `licenceStateWarning` of src/shared/insurance.ts says when the space's state is not one).
       */
      verified: z.boolean().optional(),
      licenseStates: z.array(z.string()).optional(),
    })
    .optional(),
});
/**
 * A booking of an owner's space as the owner's lists show it (GET /api/users/{id}/space-bookings and
 * /booking-requests): `outsideSchedule` is true for an upcoming confirmed or pending booking that the
 * listing's current hours, sessions or blocked dates leave out (it stays booked, docs/product.md#schedules).
 */
export const ownerBookingSchema = bookingSchema.extend({
  outsideSchedule: z.boolean(),
  /** The renter's current certificate of insurance, or null (docs/decisions/030-insurance-certificates-and-licence-states.md). */
  renterInsurance: insuranceCertificateSchema.nullable().default(null),
});
export type OwnerBooking = z.infer<typeof ownerBookingSchema>;
export type Booking = z.infer<typeof bookingSchema>;
/** PUT /api/bookings/{id}/accept | decline | cancel: `userId`, when sent, must be the session user (docs/product.md#api-calls). */
export const bookingAnswerSchema = z.object({ userId: z.uuid().optional() }).nullish();
/** What cancelling a booking would refund now (the Cancel button shows it). */
export const cancellationQuoteSchema = z.object({
  refundAmount: z.string(),
  totalPrice: z.string(),
  cancellationPolicyTier: z.enum(CANCELLATION_POLICY_TIERS),
  /** The first-booking platform fee kept, decimal dollars ("0.00" when none; docs/decisions/008-first-booking-fee-on-cancellation.md). */
  keptFeeAmount: z.string(),
  /** Why the refund is what it is, in plain English. */
  reason: z.string(),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;
