/**
 * Standing bookings: a renter books a room on chosen weekdays "until I give notice", billed weekly or
 * monthly in advance. Here the listing's offer (`standingBookings` of a space), the recurrence a renter
 * asks for, and a standing booking as the API shows it. The period math is src/shared/standing-bookings.ts.
 */
import { z } from 'zod';
import {
  BOOKING_STATUSES,
  STANDING_MINIMUM_TERM_MONTHS_MAX,
  STANDING_NOTICE_DAYS_MAX,
  STANDING_NOTICE_DAYS_MIN,
  WEEKDAYS,
} from '../constants';
import { isoDateSchema, weekdaySchema } from './schedules';

// Each schema is built in a call marked pure, as in ./access.ts: the client uses them as types only (the
// server checks; the listing form checks the same rules itself, src/client/features/spaces/lib/listing-form.ts),
// so every page's first load leaves them out (tests/e2e/first-load-budget.test.ts).

/** How a standing booking is billed: each week, or each calendar month from its first day, in advance. */
export const STANDING_BILLING = ['weekly', 'monthly'] as const;
export type StandingBilling = (typeof STANDING_BILLING)[number];
export const standingBillingSchema = /* @__PURE__ */ (() => z.enum(STANDING_BILLING, 'Billing is weekly or monthly'))();

/** The message for notice days outside the allowed range (the listing form says the same). */
export const STANDING_NOTICE_MESSAGE = `Notice must be whole days from ${STANDING_NOTICE_DAYS_MIN} to ${STANDING_NOTICE_DAYS_MAX}`;
/** The message for a minimum term outside the allowed range (the listing form says the same). */
export const STANDING_MINIMUM_TERM_MESSAGE = `The minimum term must be whole months from 0 to ${STANDING_MINIMUM_TERM_MONTHS_MAX}`;
/** The message when a listing offers standing bookings without a billing. */
export const STANDING_BILLING_REQUIRED = 'Offer weekly or monthly billing, or both';

/**
 * The message when a listing priced per month offers standing bookings: they repeat weekly, which a
 * monthly booking cannot (as `expandRecurrence` of src/shared/recurrence.ts refuses).
 */
export const STANDING_MONTHLY_MESSAGE =
  'A space priced per month cannot offer standing bookings: they repeat weekly. Price it per day, hour or session, or remove the offer.';

/**
 * A listing's offer of standing bookings (`standingBookings` on `POST`/`PUT /api/spaces`, and on the
 * space; null: none): the billings a renter may choose (each once), the days of notice a renter gives
 * to end one (7-90), and the months it runs at least from its first day (0-12; 0: no minimum).
 */
export const standingBookingOfferSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    billing: /* @__PURE__ */ z
      .array(standingBillingSchema)
      .min(1, STANDING_BILLING_REQUIRED)
      .max(STANDING_BILLING.length, STANDING_BILLING_REQUIRED)
      .refine((billing) => new Set(billing).size === billing.length, 'Offer each billing once'),
    noticeDays: /* @__PURE__ */ z
      .number(STANDING_NOTICE_MESSAGE)
      .int(STANDING_NOTICE_MESSAGE)
      .min(STANDING_NOTICE_DAYS_MIN, STANDING_NOTICE_MESSAGE)
      .max(STANDING_NOTICE_DAYS_MAX, STANDING_NOTICE_MESSAGE),
    minimumTermMonths: /* @__PURE__ */ z
      .number(STANDING_MINIMUM_TERM_MESSAGE)
      .int(STANDING_MINIMUM_TERM_MESSAGE)
      .min(0, STANDING_MINIMUM_TERM_MESSAGE)
      .max(STANDING_MINIMUM_TERM_MONTHS_MAX, STANDING_MINIMUM_TERM_MESSAGE),
  }))();
export type StandingBookingOffer = z.infer<typeof standingBookingOfferSchema>;

/**
 * The recurrence of a standing booking: the weekdays the first occurrence's times repeat on (each once,
 * as `recurrenceSchema` of ./booking-series.ts), with no end (`standing: true`) and the billing the renter
 * chose of the listing's offer.
 */
export const standingRecurrenceSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    weekdays: /* @__PURE__ */ z
      .array(weekdaySchema)
      .min(1, 'Choose at least one weekday to repeat on')
      .max(WEEKDAYS.length)
      .refine((days) => new Set(days).size === days.length, 'Choose each weekday once'),
    standing: z.literal(true),
    billing: standingBillingSchema,
  }))();
export type StandingRecurrence = z.infer<typeof standingRecurrenceSchema>;

/** active: running; ending: notice given, `endsOn` set; ended: no occurrence left to come. */
export const standingBookingStatusSchema = /* @__PURE__ */ (() => z.enum(['active', 'ending', 'ended']))();
export type StandingBookingStatus = z.infer<typeof standingBookingStatusSchema>;

/**
 * A standing booking as its renter and owner see it. Dates are local `YYYY-MM-DD` of the space:
 * `startedOn` its first occurrence's day (the billing anchor), `paidThrough` the exclusive end of the last
 * paid period (null: none paid yet), `nextChargeOn` and `nextChargeAmount` (decimal dollars) the next
 * charge (null: none to come), `endsOn` the first day no longer booked once notice is given (occurrences
 * on or after it are cancelled). `occurrences` are its bookings made so far, first first.
 */
export const standingBookingSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.uuid(),
    spaceId: z.uuid(),
    spaceTitle: z.string(),
    renterId: z.uuid(),
    ownerId: z.uuid(),
    status: standingBookingStatusSchema,
    billing: standingBillingSchema,
    noticeDays: z.number().int(),
    minimumTermMonths: z.number().int(),
    weekdays: z.array(weekdaySchema),
    startedOn: isoDateSchema,
    paidThrough: isoDateSchema.nullable(),
    nextChargeOn: isoDateSchema.nullable(),
    nextChargeAmount: z.string().nullable(),
    endsOn: isoDateSchema.nullable(),
    occurrences: z.array(z.object({ bookingId: z.uuid(), startDate: z.string(), endDate: z.string(), status: z.enum(BOOKING_STATUSES) })),
  }))();
export type StandingBooking = z.infer<typeof standingBookingSchema>;

/** A list of standing bookings (the renter's or the owner's). */
export const standingBookingListSchema = /* @__PURE__ */ (() => z.array(standingBookingSchema))();
export type StandingBookingList = z.infer<typeof standingBookingListSchema>;
