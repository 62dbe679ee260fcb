/**
 * The day of a stay: when the renter of a confirmed booking may check in and out
 * (docs/product.md#the-day-of-the-stay). The server asks {@link stayProblem} before it records a
 * time; the client asks {@link nextStayStep} which button to show. Checking in or out again is
 * no problem: the first time stays.
 */
import { addHours, addMinutes } from 'date-fns';
import type { BookingStatus } from './constants';

/** Check-in opens this many minutes before the booking's start (the renter may be early). */
export const CHECK_IN_OPENS_MINUTES = 30;

/** Check-out closes this many hours after the booking's end: a later one is not a record of the stay. */
export const CHECK_OUT_CLOSES_HOURS = 24;

/** A step of the day of the stay. */
export type StayStep = 'check_in' | 'check_out';

/** What the rules need of a booking: its status, its range and its stay's times (ISO 8601, UTC). */
export interface StayBooking {
  status: BookingStatus;
  startDate: string;
  endDate: string;
  checkedInAt: string | null;
  checkedOutAt: string | null;
}

/**
 * Why `step` cannot be taken on `booking` at `now`, as the message the renter is shown, or null
 * when it can (also when it was taken already: the first time stays).
 */
export function stayProblem(booking: StayBooking, step: StayStep, now: Date): string | null {
  if (step === 'check_in') {
    if (booking.checkedInAt) return null;
    if (booking.status !== 'confirmed') return 'Only a confirmed booking can be checked into.';
    if (now < addMinutes(new Date(booking.startDate), -CHECK_IN_OPENS_MINUTES))
      return `Check-in opens ${CHECK_IN_OPENS_MINUTES} minutes before the start of the booking.`;
    if (now >= new Date(booking.endDate)) return 'This booking has ended: it can no longer be checked into.';
    return null;
  }
  if (booking.checkedOutAt) return null;
  if (booking.status !== 'confirmed') return 'Only a confirmed booking can be checked out of.';
  if (!booking.checkedInAt) return 'Check in before checking out.';
  if (now >= addHours(new Date(booking.endDate), CHECK_OUT_CLOSES_HOURS))
    return `Check-out closes ${CHECK_OUT_CLOSES_HOURS} hours after the end of the booking.`;
  return null;
}

/** The step the renter can take next on `booking` at `now`, or null (none, or both taken). */
export function nextStayStep(booking: StayBooking, now: Date): StayStep | null {
  if (!booking.checkedInAt) return stayProblem(booking, 'check_in', now) === null ? 'check_in' : null;
  if (!booking.checkedOutAt) return stayProblem(booking, 'check_out', now) === null ? 'check_out' : null;
  return null;
}
