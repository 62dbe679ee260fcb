/**
 * Occupancy of a space over a range of its local dates (docs/decisions/034-owner-earnings.md):
 * the time booked over the time open.
 *
 * - Spaces booked by time (hourly and session listings) count **hours**: the open hours are what the
 *   schedule offers each date (`offeredIntervals` of ./availability.ts: the opening intervals, or a
 *   session listing's sessions that fit them; a null schedule is open all day), in real time, so a
 *   daylight-saving day open all day has 23 or 25 hours; the booked hours are the part of the
 *   bookings that lies inside those open hours.
 * - Spaces booked by the day or month count **days**: a date is open when the schedule opens it at
 *   all (not closed that weekday, not blocked); it is booked when a booking covers part of it.
 *
 * Time booked outside the open time (a booking the schedule no longer offers) is not counted, so the
 * rate never passes 1. Dates `YYYY-MM-DD` are local to the space's IANA zone; instants are UTC.
 */
import { bookedByTime } from './booking-rules';
import { localInstant, offeredIntervals, shiftDate, type ListingCalendar } from './availability';

const HOUR_MS = 60 * 60 * 1000;

/** A space's occupancy over a range: `open` and `booked` in `unit`; `rate` is booked over open (0 to 1), null when nothing was open. */
export interface Occupancy {
  unit: 'hours' | 'days';
  open: number;
  booked: number;
  rate: number | null;
}

/** Ranges sorted and merged where they overlap or touch. */
function merged(ranges: readonly { startAt: Date; endAt: Date }[]): { start: number; end: number }[] {
  const sorted = ranges.map((r) => ({ start: r.startAt.getTime(), end: r.endAt.getTime() })).sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const range of sorted) {
    const last = out.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else if (range.end > range.start) out.push({ ...range });
  }
  return out;
}

/** Milliseconds of [start, end) covered by `ranges` (merged, so nothing counts twice). */
function coveredMs(start: number, end: number, ranges: readonly { start: number; end: number }[]): number {
  let total = 0;
  for (const range of ranges) total += Math.max(0, Math.min(end, range.end) - Math.max(start, range.start));
  return total;
}

/**
 * The occupancy of a listing from local date `from` to `to` (inclusive), given the ranges
 * [startAt, endAt) of its bookings that count (the caller passes the confirmed ones).
 * @param calendar the listing's pricing period, zone, schedule and blocked dates
 */
export function occupancy(
  calendar: ListingCalendar,
  booked: readonly { startAt: Date; endAt: Date }[],
  range: { from: string; to: string },
): Occupancy {
  const ranges = merged(booked);
  const byTime = bookedByTime(calendar.period);
  let open = 0;
  let taken = 0;
  for (let date = range.from; date <= range.to; date = shiftDate(date, 1)) {
    const intervals = offeredIntervals(calendar, date);
    if (intervals.length === 0) continue;
    if (byTime) {
      for (const interval of intervals) {
        const start = interval.start.getTime();
        const end = interval.end.getTime();
        open += end - start;
        taken += coveredMs(start, end, ranges);
      }
    } else {
      open += 1;
      const dayStart = localInstant(date, 0, calendar.timeZone).getTime();
      const dayEnd = localInstant(shiftDate(date, 1), 0, calendar.timeZone).getTime();
      if (coveredMs(dayStart, dayEnd, ranges) > 0) taken += 1;
    }
  }
  if (byTime) {
    open /= HOUR_MS;
    taken /= HOUR_MS;
  }
  return { unit: byTime ? 'hours' : 'days', open, booked: taken, rate: open > 0 ? taken / open : null };
}
