/**
 * Paperwork (docs/decisions/027-receipts-and-agreements.md): the shapes of what a receipt and an
 * agreement are built from. The fields a user or a listing adds for them are in ./fields.ts, which
 * the first pages load (the space and profile schemas use them).
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { PRICING_PERIODS } from '../constants';
import { recurrenceSchema } from './booking-series';
import { standingBillingSchema, standingRecurrenceSchema } from './standing-bookings';
import { bookingInstantSchema } from './bookings';
import { numberInputSchema } from './fields';
import { isoDateSchema, weekdaySchema } from './schedules';

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
  /**
   * What of `amountRefundedCents` was refunded keeping the platform fee (a renter's cancellation that
   * kept the first-booking fee, docs/decisions/008-first-booking-fee-on-cancellation.md), cents; the
   * rest of the refunds gave the fee back in proportion.
   */
  amountRefundedFeeKeptCents: z.number().int(),
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

/**
 * GET /api/spaces/{id}/agreement-preview.pdf: the booking the dialog is about to make, as checkout
 * would be asked for it: its first occurrence and, for a weekly series, the repeat's weekdays
 * (comma-separated, `tue,thu`) and its end, `until` or `count` (`recurrenceSchema`), or for a
 * standing booking its `billing` (`standingRecurrenceSchema`).
 */
export const agreementPreviewQuerySchema = z
  .object({
    startDate: bookingInstantSchema,
    endDate: bookingInstantSchema,
    weekdays: z.preprocess(
      (value) => (typeof value === 'string' ? (value === '' ? undefined : value.split(',')) : value),
      z.array(weekdaySchema).max(7).optional(),
    ),
    until: isoDateSchema.optional(),
    count: numberInputSchema.pipe(z.number().int().min(1).max(1000)).optional(),
    billing: standingBillingSchema.optional(),
  })
  .transform(({ weekdays, until, count, billing, ...details }, ctx) => {
    if (!weekdays) {
      if (until !== undefined || count !== undefined || billing !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'Choose the weekdays to repeat on' });
        return z.NEVER;
      }
      return { details, recurrence: undefined };
    }
    // With `billing`, a standing booking (no end); its agreement shows the first period.
    const recurrence =
      billing !== undefined
        ? standingRecurrenceSchema.safeParse({ weekdays, standing: true, billing })
        : recurrenceSchema.safeParse({ weekdays, until, count });
    if (!recurrence.success) {
      for (const issue of recurrence.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { details, recurrence: recurrence.data };
  });
export type AgreementPreviewQuery = z.input<typeof agreementPreviewQuerySchema>;
