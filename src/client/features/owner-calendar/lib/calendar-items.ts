/**
 * The owner's calendar as the calendar component draws it (docs/product.md#calendar): each booking
 * at its space's wall-clock times (the answer's local `start`/`end`, read as if in the browser's
 * zone, so an owner with spaces in two zones sees each at its own times), and each blocked range
 * as an all-day "Blocked" item.
 */
import { addDays, endOfMonth, endOfWeek, format, startOfMonth, startOfWeek } from 'date-fns';
import { shiftDate } from '@/shared/availability';
import type { CalendarBlockedDate, CalendarBooking, CalendarEvents, CalendarEventsQuery } from '@/shared/schemas/availability';

/** The views the page offers; `agenda` is the list shown first on phones. */
export type CalendarView = 'month' | 'week' | 'agenda';

/** How many days the agenda lists from its date (the component's default length). */
export const AGENDA_DAYS = 30;

/** One item on the calendar: a booking or a blocked range. */
export type CalendarItem =
  | { kind: 'booking'; id: string; title: string; start: Date; end: Date; allDay: boolean; booking: CalendarBooking }
  | { kind: 'blocked'; id: string; title: string; start: Date; end: Date; allDay: true; blocked: CalendarBlockedDate };

/** A local `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm` as a Date of the browser's zone with those wall-clock fields. */
export function wallClock(text: string): Date {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [hours, minutes] = text.length > 10 ? (text.slice(11, 16).split(':').map(Number) as [number, number]) : [0, 0];
  return new Date(year, month - 1, day, hours, minutes);
}

/** A Date's own calendar date, `YYYY-MM-DD`. */
export const dateText = (date: Date) => format(date, 'yyyy-MM-dd');

/** The dates a view of `date` shows, for the calendar-events query: whole weeks of the month, the week, or the agenda's days. */
export function visibleRange(view: CalendarView, date: Date): CalendarEventsQuery {
  if (view === 'month') return { from: dateText(startOfWeek(startOfMonth(date))), to: dateText(endOfWeek(endOfMonth(date))) };
  if (view === 'week') return { from: dateText(startOfWeek(date)), to: dateText(endOfWeek(date)) };
  return { from: dateText(date), to: dateText(addDays(date, AGENDA_DAYS - 1)) };
}

/** What a booking's status is called on the calendar. */
export const STATUS_LABELS: Record<CalendarBooking['status'], string> = {
  confirmed: 'Confirmed',
  pending: 'Request',
  awaiting_payment: 'Hold',
  cancelled: 'Cancelled',
};

/** The items of `events`, of the space `spaceId` only when one is given. */
export function calendarItems(events: CalendarEvents, spaceId: string | null): CalendarItem[] {
  const shown = <T extends { spaceId: string }>(list: readonly T[]) => list.filter((item) => !spaceId || item.spaceId === spaceId);
  const blocked = shown(events.blockedDates).map((range): CalendarItem => ({
    kind: 'blocked',
    id: `blocked-${range.id}`,
    title: `Blocked${range.note ? `: ${range.note}` : ''} · ${range.spaceTitle}`,
    start: wallClock(range.start),
    // The component ends all-day items at the start of the next day.
    end: wallClock(shiftDate(range.end, 1)),
    allDay: true,
    blocked: range,
  }));
  const bookings = shown(events.bookings).map((booking): CalendarItem => {
    const start = wallClock(booking.start);
    const end = wallClock(booking.end);
    return {
      kind: 'booking',
      id: `booking-${booking.bookingId}`,
      title: `${STATUS_LABELS[booking.status]} · ${booking.renterFirstName} · ${booking.spaceTitle}`,
      start,
      end,
      // Daily and monthly bookings run midnight to midnight: whole days.
      allDay: booking.start.endsWith('T00:00') && booking.end.endsWith('T00:00'),
      booking,
    };
  });
  return [...blocked, ...bookings];
}
