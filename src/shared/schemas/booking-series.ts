/**
 * Booking series (docs/product.md#schedules, "Repeat weekly"): the weekly recurrence a renter
 * asks for beside a booking's first occurrence, and what a refused series answers. The
 * occurrences themselves are `expandRecurrence` (src/shared/recurrence.ts).
 */
import { z } from 'zod';
import { MAX_RECURRENCE_WEEKS, WEEKDAYS } from '../constants';
import { isoDateSchema, weekdaySchema } from './schedules';

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
  reason: z.enum(['closed', 'blocked', 'not_a_session', 'notice', 'horizon', 'taken', 'buffer']),
});
export type OccurrenceConflict = z.infer<typeof occurrenceConflictSchema>;
