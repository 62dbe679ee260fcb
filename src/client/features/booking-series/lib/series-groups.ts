/**
 * A recurring series in the profile's lists (docs/decisions/026-booking-series.md): the lists
 * return each occurrence as a booking with its `seriesId`; these group them into one item per
 * series and say what the series is ("Weekly on Tue, Thu · 12 bookings · from … to …"). Pure.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { localDate, weekdayOf } from '@/shared/availability';
import { shownStatus, type ShownStatus } from '@/shared/booking-lifecycle';
import { bookedByTime } from '@/shared/booking-rules';
import { BOOKING_STATUSES, WEEKDAYS, type Weekday } from '@/shared/constants';
import { toCents } from '@/shared/money';
import type { Booking } from '@/shared/schemas/bookings';

/** What grouping needs of a booking. */
export type GroupableBooking = Pick<Booking, 'id' | 'seriesId' | 'startDate'>;

/** One item of a list: a booking on its own, or every occurrence of one series in the list (earliest first). */
export type BookingListItem<T extends GroupableBooking> =
  { kind: 'booking'; booking: T } | { kind: 'series'; seriesId: string; occurrences: T[] };

/**
 * Groups the occurrences of each series into one item, placed where the list first shows one of
 * them (so the list keeps its order: newest first, or soonest first); bookings without a series
 * stay as they are. Occurrences are sorted by start, earliest first.
 */
export function groupBySeries<T extends GroupableBooking>(bookings: readonly T[]): BookingListItem<T>[] {
  const items: BookingListItem<T>[] = [];
  const groups = new Map<string, T[]>();
  for (const booking of bookings) {
    if (!booking.seriesId) {
      items.push({ kind: 'booking', booking });
      continue;
    }
    const group = groups.get(booking.seriesId);
    if (group) group.push(booking);
    else {
      const occurrences = [booking];
      groups.set(booking.seriesId, occurrences);
      items.push({ kind: 'series', seriesId: booking.seriesId, occurrences });
    }
  }
  for (const group of groups.values()) group.sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  return items;
}

/** Short weekday names, Monday first: 'Mon' … 'Sun'. */
export const WEEKDAY_SHORT: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/** "Tue, Thu": weekdays in the week's order. */
export function formatWeekdays(days: readonly Weekday[]): string {
  return WEEKDAYS.filter((day) => days.includes(day))
    .map((day) => WEEKDAY_SHORT[day])
    .join(', ');
}

/** What a series' card says of it. */
export interface SeriesSummary {
  /** "Weekly on Tue, Thu · 12 bookings · from Mar 3, 2026 to Apr 9, 2026". */
  text: string;
  /** The weekdays its occurrences start on, in the space's zone. */
  weekdays: Weekday[];
  /** "8:00 AM – 12:00 PM" for hours and sessions, null for days. */
  times: string | null;
  /** The series' total: every occurrence's share added up (they add up to the cent), in cents. */
  totalCents: number;
  /** How many occurrences are in each shown status, in the lifecycle's order (`BOOKING_STATUSES`, 'completed' after 'confirmed'; statuses with none left out). */
  statuses: { status: ShownStatus; count: number }[];
  /** Confirmed occurrences that have not ended by `now`: what "Cancel the rest of the series" cancels (docs/product.md#recurring-bookings). */
  upcoming: number;
}

const SHOWN_ORDER: ShownStatus[] = BOOKING_STATUSES.flatMap((status): ShownStatus[] =>
  status === 'confirmed' ? ['confirmed', 'completed'] : [status],
);

type SummarizedBooking = Pick<Booking, 'startDate' | 'endDate' | 'totalPrice' | 'status' | 'space'>;

/**
 * Summarizes a series from its occurrences (earliest first, as {@link groupBySeries} gives
 * them), in the space's time zone (UTC when the booking does not say), as of `now`.
 */
export function summarizeSeries(occurrences: readonly SummarizedBooking[], now: Date): SeriesSummary {
  const first = occurrences[0];
  const last = occurrences[occurrences.length - 1];
  const timeZone = first?.space?.timeZone ?? 'UTC';
  const period = first?.space?.pricePeriod ?? 'daily';
  const local = (instant: string) => new TZDate(Date.parse(instant), timeZone);
  const weekdays = WEEKDAYS.filter((day) =>
    occurrences.some((occurrence) => weekdayOf(localDate(new Date(occurrence.startDate), timeZone)) === day),
  );
  // Confirmed occurrences that have ended are counted as completed (`shownStatus`).
  const shown = occurrences.map((occurrence) => shownStatus(occurrence.status, Date.parse(occurrence.endDate) <= now.getTime()));
  const statuses = SHOWN_ORDER.map((status) => ({ status, count: shown.filter((each) => each === status).length })).filter(
    (entry) => entry.count > 0,
  );
  const count = occurrences.length;
  const dates =
    first && last ? ` · from ${format(local(first.startDate), 'MMM d, yyyy')} to ${format(local(last.startDate), 'MMM d, yyyy')}` : '';
  return {
    text: `Weekly on ${formatWeekdays(weekdays)} · ${count} ${count === 1 ? 'booking' : 'bookings'}${dates}`,
    weekdays,
    times: first && bookedByTime(period) ? `${format(local(first.startDate), 'h:mm a')} – ${format(local(first.endDate), 'h:mm a')}` : null,
    totalCents: occurrences.reduce((sum, occurrence) => sum + toCents(occurrence.totalPrice), 0),
    statuses,
    upcoming: occurrences.filter((occurrence) => occurrence.status === 'confirmed' && Date.parse(occurrence.endDate) > now.getTime())
      .length,
  };
}
