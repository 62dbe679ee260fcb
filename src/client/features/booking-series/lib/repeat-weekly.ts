/**
 * "Repeat weekly" in the booking dialog (docs/decisions/026-booking-series.md): what the renter
 * chooses beside the first occurrence (weekdays, an end on a date or after a number of bookings),
 * the `recurrence` it sends, and the occurrences it books, previewed by the same pure rule the
 * server expands (`expandRecurrence`, src/shared/recurrence.ts). Pure.
 */
import { shiftDate, weekdayOf } from '@/shared/availability';
import { BookingRuleError } from '@/shared/booking-rules';
import { MAX_RECURRENCE_WEEKS, WEEKDAYS, type PricingPeriod, type Weekday } from '@/shared/constants';
import { expandRecurrence, type Occurrence } from '@/shared/recurrence';
import { type Recurrence, recurrenceSchema } from '@/shared/schemas/booking-series';
import type { StandingBilling, StandingBookingOffer, StandingRecurrence } from '@/shared/schemas/standing-bookings';
import { periodOccurrences } from '@/shared/standing-billing';

/** The repeat as the fields hold it: both ends are kept, so switching between them loses nothing. */
export interface RepeatChoice {
  on: boolean;
  /** Chosen weekdays besides the first occurrence's own, which is always included. */
  weekdays: Weekday[];
  /** `standing`: no end date, billed each period in advance (docs/decisions/041-standing-bookings.md). */
  end: 'count' | 'until' | 'standing';
  /** How a standing booking is billed, of the listing's offer. */
  billing: StandingBilling;
  /** Occurrences, the first included ("After N bookings"). */
  count: number;
  /** The last date (`YYYY-MM-DD`, inclusive; "On date"), '' until chosen. */
  until: string;
}

/** Not repeating; switched on, it repeats on the first occurrence's weekday for 4 bookings. */
export const NO_REPEAT: RepeatChoice = { on: false, weekdays: [], end: 'count', billing: 'weekly', count: 4, until: '' };

/**
 * A repeat that can be asked for (its `recurrence` and every occurrence it books now: a standing
 * booking's first period), or why not.
 */
export type RepeatPreview =
  { ok: true; recurrence: Recurrence | StandingRecurrence; occurrences: Occurrence[] } | { ok: false; message: string };

/** The chosen weekdays with the first occurrence's own (`YYYY-MM-DD…` date), Monday first. */
export function repeatWeekdays(choice: Pick<RepeatChoice, 'weekdays'>, firstDate: string): Weekday[] {
  const first = weekdayOf(firstDate.slice(0, 10));
  return WEEKDAYS.filter((day) => day === first || choice.weekdays.includes(day));
}

/** The last date a repeat from `firstDate` may reach: {@link MAX_RECURRENCE_WEEKS} weeks, the first day included. */
export function lastRepeatDate(firstDate: string): string {
  return shiftDate(firstDate.slice(0, 10), MAX_RECURRENCE_WEEKS * 7 - 1);
}

/** The most occurrences a repeat on these weekdays from `firstDate` can have within the limit. */
export function maxRepeatCount(choice: Pick<RepeatChoice, 'weekdays'>, firstDate: string): number {
  const days = repeatWeekdays(choice, firstDate);
  const limit = lastRepeatDate(firstDate);
  let count = 0;
  for (let date = firstDate.slice(0, 10); date <= limit; date = shiftDate(date, 1)) if (days.includes(weekdayOf(date))) count++;
  return count;
}

/**
 * The `recurrence` of `choice` for the first occurrence `first` (in the booking format of a space
 * priced by `period`) and the occurrences it books; null when not repeating. An incomplete or
 * impossible choice (no end date, an end past {@link MAX_RECURRENCE_WEEKS} weeks, a monthly
 * space) gives the message to show instead.
 */
export function previewRepeat(
  period: PricingPeriod,
  first: Occurrence,
  choice: RepeatChoice,
  offer: StandingBookingOffer | null = null,
): RepeatPreview | null {
  if (!choice.on) return null;
  if (choice.end === 'standing') {
    if (!offer) return { ok: false, message: 'This space does not offer standing bookings.' };
    const billing = offer.billing.includes(choice.billing) ? choice.billing : offer.billing[0]!;
    const weekdays = repeatWeekdays(choice, first.startDate);
    // What the first payment books: the first billing period's occurrences (src/shared/standing-billing.ts, as the server holds them).
    const { occurrences } = periodOccurrences(period, { first, weekdays, billing }, 0);
    return { ok: true, recurrence: { weekdays, standing: true, billing }, occurrences };
  }
  if (choice.end === 'until' && !choice.until) return { ok: false, message: 'Choose the date of the last booking.' };
  const parsed = recurrenceSchema.safeParse({
    weekdays: repeatWeekdays(choice, first.startDate),
    ...(choice.end === 'until' ? { until: choice.until } : { count: choice.count }),
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Check the repeat.' };
  try {
    return { ok: true, recurrence: parsed.data, occurrences: expandRecurrence(period, first, parsed.data) };
  } catch (error) {
    if (error instanceof BookingRuleError) return { ok: false, message: error.message };
    throw error;
  }
}
