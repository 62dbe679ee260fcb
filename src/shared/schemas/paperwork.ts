/**
 * Paperwork (docs/decisions/027-receipts-and-agreements.md): the fields a user or a listing adds for
 * receipts and agreements, and the shapes of what a receipt and an agreement are built from.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { PRICING_PERIODS } from '../constants';
import { textSchema } from './fields';

/** Longest business name printed on a receipt, characters. */
export const BUSINESS_NAME_MAX = 200;
/** Longest tax ID (an EIN is 10 characters with its dash; a VAT number up to 14; room for others), characters. */
export const TAX_ID_MAX = 40;
/** Longest text of an owner's own agreement terms, characters (issue 20). */
export const AGREEMENT_TERMS_MAX = 5000;

/** Trimmed text where empty means none (stored as null). */
const optionalText = (schema: z.ZodString) => schema.transform((value) => (value === '' ? null : value));

/** The renter's business name for receipts: trimmed, at most {@link BUSINESS_NAME_MAX}; empty removes it. */
export const businessNameSchema = optionalText(textSchema.trim().max(BUSINESS_NAME_MAX, `At most ${BUSINESS_NAME_MAX} characters`));

/**
 * The renter's tax ID for receipts (an EIN like 12-3456789, a VAT or other number): trimmed, at most
 * {@link TAX_ID_MAX}, letters, digits, spaces and `-./` only; empty removes it.
 */
export const taxIdSchema = optionalText(
  textSchema
    .trim()
    .max(TAX_ID_MAX, `At most ${TAX_ID_MAX} characters`)
    .regex(/^[A-Za-z0-9 ./-]*$/, 'Use only letters, digits, spaces and - . /'),
);

/** An owner's own terms added to the agreement of each booking: trimmed, at most {@link AGREEMENT_TERMS_MAX}; empty removes them. */
export const agreementTermsSchema = optionalText(
  textSchema.trim().max(AGREEMENT_TERMS_MAX, `Your own terms can be at most ${AGREEMENT_TERMS_MAX.toLocaleString('en-US')} characters`),
);

/** A party to a booking as papers name it. */
export const paperworkPartySchema = z.object({
  fullName: z.string(),
  email: z.string(),
});

/** The space as papers describe it. */
export const paperworkSpaceSchema = z.object({
  title: z.string(),
  /** Street, city, state and ZIP code on one line. */
  address: z.string(),
  /** IANA zone the dates are written in. */
  timeZone: z.string(),
  pricePeriod: z.enum(PRICING_PERIODS),
});

/** One booked range of a payment (a single booking, or one occurrence of a series), as stored. */
export const paperworkOccurrenceSchema = z.object({
  bookingId: z.uuid(),
  /** ISO-8601 UTC instants, the range [start, end). */
  startAt: z.string(),
  endAt: z.string(),
  status: z.string(),
  /** Hours, days, months or sessions by the space's pricing period (null on old rows). */
  units: z.number().int().nullable(),
  /** The booking's stored total and what the provider refunded of it, cents. */
  totalCents: z.number().int(),
  amountRefundedCents: z.number().int(),
  /** When the refund was made (ISO-8601 UTC), or null. */
  refundedAt: z.string().nullable(),
});
export type PaperworkOccurrence = z.infer<typeof paperworkOccurrenceSchema>;

/**
 * One payment as stored: a single booking's or a series' (docs/decisions/026-booking-series.md).
 * Amounts are the stored ones in cents, never recomputed by the pricing rules.
 */
export const storedPaymentSchema = z.object({
  /** What the renter paid, cents (`total_price`). */
  totalCents: z.number().int(),
  /** The platform fee within it, cents (`platform_fee_amount`). */
  platformFeeCents: z.number().int(),
  /** What the provider refunded of the payment, cents (`amount_refunded`). */
  amountRefundedCents: z.number().int(),
  /** The renter's cancellation kept the first-booking fee (docs/decisions/008-first-booking-fee-on-cancellation.md). */
  feeRetained: z.boolean(),
  /** ISO-8601 UTC, or null when not known. */
  paidAt: z.string().nullable(),
  /** Card brand and last 4 digits, when the payment provider gives them; null prints nothing. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Earliest first. */
  occurrences: z.array(paperworkOccurrenceSchema).min(1),
  /** Whether the payment is a series' (one payment for every occurrence). */
  series: z.boolean(),
});
export type StoredPayment = z.infer<typeof storedPaymentSchema>;
