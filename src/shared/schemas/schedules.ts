/**
 * A listing's schedule (docs/product.md#schedules): weekly opening hours, named sessions, the
 * buffer between bookings, minimum notice and booking horizon; and its blocked dates. What is free
 * is `./availability`.
 * Times are `HH:mm` local to the space ({@link minutesOfDay}); dates `YYYY-MM-DD`.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import {
  MAX_ADVANCE_DAYS,
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

/**
 * The indexes of items (`HH:mm` intervals) that overlap an earlier-starting one, or with `touching`
 * also start where it ends.
 */
function overlapping(items: readonly { start: string; end: string }[], touching = false): number[] {
  const sorted = items
    .map((item, index) => ({ start: minutesOfDay(item.start) ?? 0, end: minutesOfDay(item.end) ?? 0, index }))
    .sort((a, b) => a.start - b.start);
  const clash = (start: number, previousEnd: number) => (touching ? start <= previousEnd : start < previousEnd);
  return sorted.filter((item, i) => i > 0 && clash(item.start, sorted[i - 1]!.end)).map((item) => item.index);
}

/**
 * One weekday's opening intervals: at most {@link MAX_INTERVALS_PER_DAY}, none overlapping nor
 * touching (08:00-12:00 and 12:00-13:00 are one interval, 08:00-13:00: so that the free hours the
 * availability shows and the bookings the server accepts are the same). Empty: closed that day.
 */
export const dayHoursSchema = z
  .array(openingIntervalSchema)
  .max(MAX_INTERVALS_PER_DAY, `A day can have at most ${MAX_INTERVALS_PER_DAY} opening intervals`)
  .superRefine((intervals, ctx) => {
    for (const index of overlapping(intervals, true)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Opening hours must not overlap or touch: make them one interval',
        path: [index, 'start'],
      });
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
