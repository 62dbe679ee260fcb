/**
 * What is free and booked on a listing's calendar (docs/product.md#schedules): the availability
 * the API computes (`src/shared/availability.ts`) and the owner's calendar of bookings and blocked
 * dates. Apart from the listing's schedule (`./schedules`), which every space carries, so that the
 * first page load does not carry these. Response types are inferred from these schemas.
 */
import { z } from 'zod';
import { MAX_AVAILABILITY_DAYS, PRICING_PERIODS } from '../constants';
import { isoDateSchema } from './schedules';

/** Whole days from `from` to `to`, both `YYYY-MM-DD`, counting both. */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** GET /api/spaces/{id}/availability query: `from` to `to` inclusive, at most {@link MAX_AVAILABILITY_DAYS} days. */
export const availabilityQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((query) => query.from <= query.to, { message: '`to` must be on or after `from`', path: ['to'] })
  .refine((query) => daysInclusive(query.from, query.to) <= MAX_AVAILABILITY_DAYS, {
    message: `Ask for at most ${MAX_AVAILABILITY_DAYS} days at a time`,
    path: ['to'],
  });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

/** A bookable hour, session or day; `start` and `end` local `YYYY-MM-DDTHH:mm`, as bookings of hours and sessions are made. */
export const availabilitySlotSchema = z.object({ start: z.string(), end: z.string(), available: z.boolean() });
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;
/** One date: `open` false when the schedule closes it (no hours that weekday, or a blocked date), with no slots. */
export const availabilityDaySchema = z.object({ date: z.string(), open: z.boolean(), slots: z.array(availabilitySlotSchema) });
export type AvailabilityDay = z.infer<typeof availabilityDaySchema>;
/** The answer of GET /api/spaces/{id}/availability: never says who booked a slot. */
export const availabilitySchema = z.object({
  timeZone: z.string(),
  pricePeriod: z.enum(PRICING_PERIODS),
  days: z.array(availabilityDaySchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** A blocked date range as its owner sees it: with its `id`, for removing it (`DELETE /api/spaces/{id}/blocked-dates/{blockedId}`). */
export const ownedBlockedDateSchema = z.object({ id: z.string(), start: z.string(), end: z.string(), note: z.string().nullish() });
export type OwnedBlockedDate = z.infer<typeof ownedBlockedDateSchema>;

/** The answer of POST /api/spaces/{id}/blocked-dates: the new range, and how many bookings fall in it (kept: blocking never cancels one). */
export const createdBlockedDateSchema = ownedBlockedDateSchema.extend({ bookingsInside: z.number().int() });
export type CreatedBlockedDate = z.infer<typeof createdBlockedDateSchema>;

/** GET /api/users/{id}/calendar-events query: the owner's calendar from `from` to `to` inclusive (each space's local dates), at most {@link MAX_AVAILABILITY_DAYS} days. */
export const calendarEventsQuerySchema = availabilityQuerySchema;
export type CalendarEventsQuery = AvailabilityQuery;

/** The booking statuses the owner's calendar shows: holds (unexpired), requests, confirmed and cancelled bookings. */
export const CALENDAR_BOOKING_STATUSES = ['awaiting_payment', 'pending', 'confirmed', 'cancelled'] as const;

/**
 * A booking on the owner's calendar: `startAt`/`endAt` ISO UTC instants, `start`/`end` the same as
 * local `YYYY-MM-DDTHH:mm` in the space's time zone (where the calendar draws it).
 */
export const calendarBookingSchema = z.object({
  bookingId: z.string(),
  spaceId: z.string(),
  spaceTitle: z.string(),
  status: z.enum(CALENDAR_BOOKING_STATUSES),
  startAt: z.iso.datetime(),
  endAt: z.iso.datetime(),
  start: z.string(),
  end: z.string(),
  renterFirstName: z.string(),
});
export type CalendarBooking = z.infer<typeof calendarBookingSchema>;

/** A blocked date range on the owner's calendar, `end` inclusive. */
export const calendarBlockedDateSchema = ownedBlockedDateSchema.extend({ spaceId: z.string(), spaceTitle: z.string() });
export type CalendarBlockedDate = z.infer<typeof calendarBlockedDateSchema>;

/** The answer of GET /api/users/{id}/calendar-events: the owner's listed spaces (for filtering and blocking), their bookings and blocked dates. */
export const calendarEventsSchema = z.object({
  spaces: z.array(z.object({ id: z.string(), title: z.string(), timeZone: z.string() })),
  bookings: z.array(calendarBookingSchema),
  blockedDates: z.array(calendarBlockedDateSchema),
});
export type CalendarEvents = z.infer<typeof calendarEventsSchema>;
