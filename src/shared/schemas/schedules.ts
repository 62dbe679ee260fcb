/**
 * A listing's schedule (docs/product.md#schedules): weekly opening hours, named sessions, the
 * buffer between bookings, minimum notice and booking horizon; its blocked dates; and the
 * availability the API computes from them (`src/shared/availability.ts`).
 * Times are `HH:mm` local to the space ({@link minutesOfDay}); dates `YYYY-MM-DD`.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import {
  PRICING_PERIODS,
  MAX_ADVANCE_DAYS,
  MAX_AVAILABILITY_DAYS,
  MAX_BLOCKED_DATE_RANGES,
  MAX_BUFFER_MINUTES,
  MAX_INTERVALS_PER_DAY,
  MAX_MIN_NOTICE_HOURS,
  MAX_SESSIONS,
  SCHEDULE_STEP_MINUTES,
  WEEKDAYS,
  type Weekday,
} from '../constants';
import { minutesOfDay } from '../time-of-day';
import { required, textSchema, trimmed } from './fields';

export const weekdaySchema = z.enum(WEEKDAYS);

/** `HH:mm` on the schedule's 15-minute step; `24:00` ends a day. */
export const timeOfDaySchema = textSchema.refine(
  (value) => minutesOfDay(value) !== null,
  `Use a time like 08:00 or 13:15 (HH:mm, on ${SCHEDULE_STEP_MINUTES}-minute steps)`,
);

/** A calendar date, `YYYY-MM-DD`, that exists. */
export const isoDateSchema = z.iso.date('Use a date like 2026-05-04 (YYYY-MM-DD)');

/** An opening interval of one day: start before end, both `HH:mm`. */
export const openingIntervalSchema = z
  .strictObject({ start: timeOfDaySchema, end: timeOfDaySchema })
  .refine((interval) => minutesOfDay(interval.start)! < minutesOfDay(interval.end)!, {
    message: 'The end must be after the start',
    path: ['end'],
  });
export type OpeningInterval = z.infer<typeof openingIntervalSchema>;

/** The indexes of items (`HH:mm` intervals) that overlap an earlier-starting one. */
function overlapping(items: readonly { start: string; end: string }[]): number[] {
  const sorted = items
    .map((item, index) => ({ start: minutesOfDay(item.start) ?? 0, end: minutesOfDay(item.end) ?? 0, index }))
    .sort((a, b) => a.start - b.start);
  return sorted.filter((item, i) => i > 0 && item.start < sorted[i - 1]!.end).map((item) => item.index);
}

/** One weekday's opening intervals: at most {@link MAX_INTERVALS_PER_DAY}, none overlapping. Empty: closed that day. */
export const dayHoursSchema = z
  .array(openingIntervalSchema)
  .max(MAX_INTERVALS_PER_DAY, `A day can have at most ${MAX_INTERVALS_PER_DAY} opening intervals`)
  .superRefine((intervals, ctx) => {
    for (const index of overlapping(intervals)) {
      ctx.addIssue({ code: 'custom', message: 'Opening hours must not overlap', path: [index, 'start'] });
    }
  });

/**
 * Weekly opening hours by weekday (`mon` ... `sun`; another key is refused). A weekday left out
 * or empty is closed; hours with no interval on any day mean open every day, all day.
 */
export const weeklyHoursSchema = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema.optional()])) as Record<Weekday, z.ZodOptional<typeof dayHoursSchema>>,
);
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/** A named session of a session listing, e.g. Morning 08:00-12:00. */
export const sessionSchema = z
  .strictObject({ name: required('Session name', 40), start: timeOfDaySchema, end: timeOfDaySchema })
  .refine((session) => minutesOfDay(session.start)! < minutesOfDay(session.end)!, {
    message: 'The end must be after the start',
    path: ['end'],
  });
export type Session = z.infer<typeof sessionSchema>;

/** The opening intervals of `day`, or null when the hours leave every day open all day. */
export function dayHours(hours: WeeklyHours | null | undefined, day: Weekday): OpeningInterval[] | null {
  if (!hours || !WEEKDAYS.some((weekday) => (hours[weekday]?.length ?? 0) > 0)) return null;
  return hours[day] ?? [];
}

/** Whether `session` lies inside one opening interval of some weekday (always, when every day is open all day). */
export function sessionInsideHours(hours: WeeklyHours | null | undefined, session: { start: string; end: string }): boolean {
  const start = minutesOfDay(session.start) ?? 0;
  const end = minutesOfDay(session.end) ?? 0;
  return WEEKDAYS.some((day) => {
    const intervals = dayHours(hours, day);
    return intervals === null || intervals.some((interval) => minutesOfDay(interval.start)! <= start && end <= minutesOfDay(interval.end)!);
  });
}

/**
 * A listing's schedule (`schedule` of POST and PUT /api/spaces). `weeklyHours` null or left out:
 * open every day, all day (what a listing without a schedule does). `sessions` (at most
 * {@link MAX_SESSIONS}, none overlapping, each inside the opening hours of some weekday) are what a
 * `session` listing sells. `bufferMinutes` (0-240, on 15-minute steps) must separate two bookings
 * of hours or sessions; `minNoticeHours` is how long before its start a booking must be made;
 * `maxAdvanceDays` how many days ahead a booking may start (null: no limit).
 */
export const scheduleSchema = z
  .strictObject({
    weeklyHours: weeklyHoursSchema.nullish(),
    sessions: z.array(sessionSchema).max(MAX_SESSIONS, `A listing can have at most ${MAX_SESSIONS} sessions`).default([]),
    bufferMinutes: z
      .number()
      .int()
      .min(0)
      .max(MAX_BUFFER_MINUTES, `The buffer can be at most ${MAX_BUFFER_MINUTES} minutes`)
      .multipleOf(SCHEDULE_STEP_MINUTES, `The buffer is in steps of ${SCHEDULE_STEP_MINUTES} minutes`)
      .default(0),
    minNoticeHours: z.number().int().min(0).max(MAX_MIN_NOTICE_HOURS, `The notice can be at most ${MAX_MIN_NOTICE_HOURS} hours`).default(0),
    maxAdvanceDays: z
      .number()
      .int()
      .min(1, 'Allow bookings at least 1 day ahead')
      .max(MAX_ADVANCE_DAYS, `The horizon can be at most ${MAX_ADVANCE_DAYS} days`)
      .nullish(),
  })
  .superRefine((schedule, ctx) => {
    for (const index of overlapping(schedule.sessions)) {
      ctx.addIssue({ code: 'custom', message: 'Sessions must not overlap', path: ['sessions', index, 'start'] });
    }
    schedule.sessions.forEach((session, index) => {
      if (!sessionInsideHours(schedule.weeklyHours, session)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Each session must fit inside the opening hours of a day',
          path: ['sessions', index, 'end'],
        });
      }
    });
  });
export type Schedule = z.output<typeof scheduleSchema>;
export type ScheduleInput = z.input<typeof scheduleSchema>;

/** A closed date range of a listing (holidays, maintenance), `end` inclusive; the note is seen only by the owner. */
export const blockedDateSchema = z
  .strictObject({ start: isoDateSchema, end: isoDateSchema, note: trimmed(200).nullish() })
  .refine((range) => range.start <= range.end, { message: 'The end date must be on or after the start date', path: ['end'] });
export type BlockedDate = z.infer<typeof blockedDateSchema>;

export const blockedDatesSchema = z
  .array(blockedDateSchema)
  .max(MAX_BLOCKED_DATE_RANGES, `A listing can have at most ${MAX_BLOCKED_DATE_RANGES} blocked date ranges`);

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
