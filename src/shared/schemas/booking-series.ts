/**
 * Booking series (docs/product.md#schedules, "Repeat weekly"; docs/decisions/026-booking-series.md):
 * the weekly recurrence a renter asks for beside a booking's first occurrence, what checkout answers
 * for a series, what a refused series answers, and the series as the API shows it. The occurrences
 * themselves are `expandRecurrence` (src/shared/recurrence.ts).
 */
import { z } from 'zod';
import { MAX_RECURRENCE_WEEKS, WEEKDAYS } from '../constants';
import { BOOKING_PAYMENT_STATUSES, bookingPaymentIntentSchema, bookingSchema, createBookingPaymentIntentSchema } from './bookings';
import { isoDateSchema, weekdaySchema } from './schedules';
import { standingRecurrenceSchema } from './standing-bookings';

/**
 * `recurrence` of POST /api/create-booking-payment-intent: the weekdays the first occurrence's
 * times repeat on, and an end: `until` (a date, inclusive) or `count` (occurrences, the first
 * included), one of the two, within {@link MAX_RECURRENCE_WEEKS} weeks.
 */
export const recurrenceSchema = z
  .strictObject({
    weekdays: z
      .array(weekdaySchema)
      .min(1, 'Choose at least one weekday to repeat on')
      .max(WEEKDAYS.length)
      .refine((days) => new Set(days).size === days.length, 'Choose each weekday once'),
    until: isoDateSchema.optional(),
    count: z
      .number()
      .int()
      .min(1)
      .max(MAX_RECURRENCE_WEEKS * WEEKDAYS.length, `A booking can repeat for at most ${MAX_RECURRENCE_WEEKS} weeks`)
      .optional(),
    /** Not a standing booking (`standingRecurrenceSchema` has `standing: true`): what tells the two apart. */
    standing: z.literal(false).optional(),
  })
  .refine((recurrence) => (recurrence.until === undefined) !== (recurrence.count === undefined), {
    message: 'End the repeat on a date or after a number of bookings (one of the two)',
    path: ['until'],
  });
export type Recurrence = z.infer<typeof recurrenceSchema>;

/** Why one occurrence of a series cannot be booked (the rules of src/shared/availability.ts). */
export const occurrenceConflictSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  reason: z.enum(['closed', 'blocked', 'not_a_session', 'notice', 'horizon', 'taken', 'busy', 'buffer']),
});
export type OccurrenceConflict = z.infer<typeof occurrenceConflictSchema>;

/**
 * POST /api/create-booking-payment-intent: a booking, or with `recurrence` a series of it
 * (docs/decisions/026-booking-series.md), or with `recurrence.standing` a standing booking
 * (docs/decisions/041-standing-bookings.md). `bookingDetails` is the first occurrence; with
 * `skipConflicts` the occurrences that cannot be booked are left out (and answered as `skipped`)
 * instead of refusing the whole series with 409.
 */
export const checkoutRequestSchema = /* @__PURE__ */ (() =>
  // Built in a call marked pure: the browser uses it as a type only, so its first load leaves it out.
  createBookingPaymentIntentSchema.extend({
    // Told apart by `standing`, so a refused one names its own fields (not the union's).
    recurrence: z.discriminatedUnion('standing', [recurrenceSchema, standingRecurrenceSchema]).optional(),
    skipConflicts: z.boolean().optional(),
  }))();
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
/** The `recurrence` of a checkout: a series' or a standing booking's. */
export type CheckoutRecurrence = NonNullable<z.output<typeof checkoutRequestSchema>['recurrence']>;

/** One occurrence of a series as checkout answers it: its booking and dates in the booking format of its space. */
export const seriesOccurrenceSchema = z.object({ bookingId: z.uuid(), startDate: z.string(), endDate: z.string() });
export type SeriesOccurrence = z.infer<typeof seriesOccurrenceSchema>;

/**
 * What checkout answers: the hold and its payment intent, and for a series its id, every held
 * occurrence (the first is `bookingId`) and the occurrences skipped with `skipConflicts`. A series'
 * `amount`, `platformFeeAmount` and `units` are the whole series'.
 */
export const checkoutAnswerSchema = /* @__PURE__ */ (() =>
  bookingPaymentIntentSchema.extend({
    seriesId: z.uuid().optional(),
    /** A standing booking's id: `seriesId`, `amount` and `occurrences` are then its first period's. */
    standingBookingId: z.uuid().optional(),
    occurrences: z.array(seriesOccurrenceSchema).optional(),
    skipped: z.array(occurrenceConflictSchema).optional(),
  }))();
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/**
 * GET /api/booking-series/{id} (renter and owner): the series' one payment and its occurrences,
 * first first. Amounts are decimal dollars: `totalPrice` and `platformFeeAmount` of the whole series,
 * `amountRefunded` what the provider has refunded of its payment.
 */
export const bookingSeriesSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.uuid(),
    spaceId: z.uuid(),
    renterId: z.uuid(),
    recurrence: recurrenceSchema,
    totalPrice: z.string(),
    platformFeeAmount: z.string(),
    instantBook: z.boolean(),
    paymentStatus: z.enum(BOOKING_PAYMENT_STATUSES),
    amountRefunded: z.string(),
    createdAt: z.string(),
    occurrences: z.array(bookingSchema),
  }))();
export type BookingSeries = z.infer<typeof bookingSeriesSchema>;
