/**
 * The console's bookings and payments (docs/decisions/031-console-refunds-and-booking-history.md;
 * docs/product.md#the-console): a booking with its parties, status history and payment, the
 * lookup by user or space, and a refund's request. Amounts are dollars as decimal strings
 * (docs/decisions/010-money-in-integer-cents.md); instants ISO-8601 UTC.
 */
import { z } from 'zod';
import { BOOKING_STATUSES } from '../constants';
import { MODERATION_REASON_MAX } from './admin';
import { parseReceiptNumber } from '../receipt';
import { moneySchema, required, textSchema, trimmed } from './fields';
import { bookingPayoutSchema, owedPayoutsSchema } from './payouts';
import { noShowSchema, turnoverEntrySchema } from './bookings';

/** A person as the console shows them beside a booking. */
const personSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });

/** One status a booking entered; `reconstructed` when it predates the history (read from the booking's timestamps). */
export const bookingEventSchema = z.object({
  fromStatus: z.enum(BOOKING_STATUSES).nullable(),
  toStatus: z.enum(BOOKING_STATUSES),
  at: z.string(),
  reconstructed: z.boolean(),
});
export type BookingEvent = z.infer<typeof bookingEventSchema>;

/**
 * A payment as the provider reports it now, beside what we recorded: `amount` paid (or to be),
 * `fee` the platform's, `refunded` what the provider has given back, `refundable` what is left
 * to refund (0 unless it succeeded). `provider` null when the provider does not know the intent.
 */
export const adminPaymentSchema = z.object({
  intentId: z.string(),
  amount: z.string(),
  fee: z.string(),
  paid: z.boolean(),
  refunded: z.string(),
  refundable: z.string(),
  /** Our record of it: none, requires_payment, authorized, paid, canceled, refunded, partially_refunded. */
  paymentStatus: z.string(),
  /** The provider's status (Stripe's PaymentIntent statuses), or null when it does not know the intent. */
  providerStatus: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** A refund made from the console. */
export const consoleRefundSchema = z.object({
  id: z.uuid(),
  amount: z.string(),
  reason: z.string(),
  actor: personSchema.nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

/** A booking as the console shows it. */
export const adminBookingSchema = z.object({
  id: z.uuid(),
  status: z.enum(BOOKING_STATUSES),
  startDate: z.string(),
  endDate: z.string(),
  totalPrice: z.string(),
  platformFeeAmount: z.string().nullable(),
  /** What this booking has had refunded (our record, read back from the provider). */
  amountRefunded: z.string(),
  refundAmount: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  /** The space, with the IANA zone its times are shown in. */
  space: z.object({ id: z.uuid(), title: z.string(), city: z.string(), state: z.string(), timeZone: z.string() }),
  renter: personSchema,
  owner: personSchema,
  history: z.array(bookingEventSchema),
  /** The booking's own payment, or null for a series occurrence (paid by its series) or a booking never paid. */
  payment: adminPaymentSchema.nullable(),
  /** For an occurrence of a recurring series: the series and its one payment. */
  series: z
    .object({ id: z.uuid(), totalPrice: z.string(), occurrences: z.number().int(), payment: adminPaymentSchema.nullable() })
    .nullable(),
  refunds: z.array(consoleRefundSchema),
  /** The most the console can refund now (0.00 when it cannot). */
  refundable: z.string(),
  /** How the owner is paid for this payment (docs/decisions/033-owed-payouts.md): destination charge, owed, transferred or void. */
  payout: bookingPayoutSchema,
  /** The owner marked the renter a no-show, and the renter's dispute of it, or null (src/shared/stays.ts). */
  noShow: noShowSchema.nullable().default(null),
  /** The turnover checklist's attestations by the renter and the owner, oldest first. */
  turnover: z.array(turnoverEntrySchema).default([]),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

/** A booking as the console lists it. */
export const adminBookingRowSchema = z.object({
  id: z.uuid(),
  status: z.enum(BOOKING_STATUSES),
  startDate: z.string(),
  endDate: z.string(),
  totalPrice: z.string(),
  paymentStatus: z.string(),
  spaceId: z.uuid(),
  spaceTitle: z.string(),
  /** The IANA zone of the space, in which the console shows the times. */
  spaceTimeZone: z.string(),
  renterId: z.uuid(),
  renterName: z.string(),
  ownerId: z.uuid(),
  seriesId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type AdminBookingRow = z.infer<typeof adminBookingRowSchema>;

/** Bookings per page of the lookup. */
export const ADMIN_BOOKINGS_PAGE_SIZE = 50;

/** The fewest characters of a booking id the lookup takes: shorter ones would match too many bookings. */
export const BOOKING_ID_PREFIX_MIN = 8;

/** What `?q=` of the lookup asks for: a receipt's booking(s), the bookings of an email (renter or owner), or ids starting so. */
export type BookingsQueryText =
  { kind: 'receipt'; year: number; sequence: number } | { kind: 'email'; email: string } | { kind: 'id'; prefix: string };

/** `?q=` read as a receipt number (`CS-2026-000001`), an email, or the start of a booking id; null when it is none of them. */
export function readBookingsQueryText(text: string): BookingsQueryText | null {
  const receipt = parseReceiptNumber(text);
  if (receipt) return { kind: 'receipt', ...receipt };
  const value = text.trim().toLowerCase();
  if (value.includes('@')) return { kind: 'email', email: value };
  if (value.length >= BOOKING_ID_PREFIX_MIN && value.length <= 36 && /^[0-9a-f-]+$/.test(value)) return { kind: 'id', prefix: value };
  return null;
}

const QUERY_TEXT_MESSAGE = `Enter a receipt number (CS-2026-000001), an email, or at least ${BOOKING_ID_PREFIX_MIN} characters of a booking id`;

/**
 * `?userId=&spaceId=&q=&page=`: bookings a user made or received (as an owner), or of a space, or
 * those `q` finds ({@link readBookingsQueryText}); at least one of the three.
 */
export const adminBookingsQuerySchema = z
  .object({
    userId: z.uuid('Enter a user id').optional(),
    spaceId: z.uuid('Enter a space id').optional(),
    q: trimmed(200)
      .refine((text) => readBookingsQueryText(text) !== null, QUERY_TEXT_MESSAGE)
      .optional(),
    page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  })
  .refine((query) => query.userId || query.spaceId || query.q, { message: 'Give a userId, a spaceId or q', path: ['userId'] });

/** A page of the lookup, newest first. */
export const adminBookingsPageSchema = z.object({
  bookings: z.array(adminBookingRowSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
  /** With `userId`: what the platform owes that user as an owner until their payout setup is finished (docs/decisions/033-owed-payouts.md). */
  owedPayouts: owedPayoutsSchema.nullable(),
});
export type AdminBookingsPage = z.infer<typeof adminBookingsPageSchema>;

/** The body of a console refund: dollars (more than 0) and why, in words the renter is sent. */
export const adminRefundSchema = z.object({
  amount: moneySchema.refine((value) => Number(value) > 0, 'Enter an amount more than $0.00'),
  reason: required('A reason', MODERATION_REASON_MAX),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** The optional `Idempotency-Key` header of a refund: the same key makes one refund. */
export const idempotencyKeySchema = textSchema.trim().min(1).max(200);
