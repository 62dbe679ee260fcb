/**
 * The day of a stay: when the renter of a confirmed booking may check in and out
 * (docs/product.md#the-day-of-the-stay). The server asks {@link stayProblem} before it records a
 * time; the client asks {@link nextStayStep} which button to show. Checking in or out again is
 * no problem: the first time stays. On a listing that requires check-in, the owner may mark a renter
 * who did not check in a no-show ({@link noShowProblem}); both sides attest the room's state on its
 * turnover checklist ({@link turnoverProblem}).
 */
import { CANCELLATION_POLICY_TEXT } from './cancellation';
import type { BookingStatus, CancellationPolicyTier } from './constants';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The instant `ms` milliseconds after `instant` (ISO 8601; negative: before). Minutes and hours are fixed lengths of time, whatever the zone. */
function after(instant: string, ms: number): Date {
  return new Date(new Date(instant).getTime() + ms);
}

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
  /** When the owner marked the renter a no-show, or null (then there is no check-in). */
  noShowMarkedAt?: string | null;
}

/**
 * Why `step` cannot be taken on `booking` at `now`, as the message the renter is shown, or null
 * when it can (also when it was taken already: the first time stays).
 */
export function stayProblem(booking: StayBooking, step: StayStep, now: Date): string | null {
  if (step === 'check_in') {
    if (booking.checkedInAt) return null;
    if (booking.noShowMarkedAt) return 'This booking was marked a no-show: it can no longer be checked into.';
    if (booking.status !== 'confirmed') return 'Only a confirmed booking can be checked into.';
    if (now < after(booking.startDate, -CHECK_IN_OPENS_MINUTES * MINUTE_MS))
      return `Check-in opens ${CHECK_IN_OPENS_MINUTES} minutes before the start of the booking.`;
    if (now >= new Date(booking.endDate)) return 'This booking has ended: it can no longer be checked into.';
    return null;
  }
  if (booking.checkedOutAt) return null;
  if (booking.status !== 'confirmed') return 'Only a confirmed booking can be checked out of.';
  if (!booking.checkedInAt) return 'Check in before checking out.';
  if (now >= after(booking.endDate, CHECK_OUT_CLOSES_HOURS * HOUR_MS))
    return `Check-out closes ${CHECK_OUT_CLOSES_HOURS} hours after the end of the booking.`;
  return null;
}

/** The step the renter can take next on `booking` at `now`, or null (none, or both taken). */
export function nextStayStep(booking: StayBooking, now: Date): StayStep | null {
  if (!booking.checkedInAt) return stayProblem(booking, 'check_in', now) === null ? 'check_in' : null;
  if (!booking.checkedOutAt) return stayProblem(booking, 'check_out', now) === null ? 'check_out' : null;
  return null;
}

/** An owner may mark a no-show this many minutes after the booking's start, and not before. */
export const NO_SHOW_AFTER_MINUTES = 30;

/** An owner may mark a no-show until this many hours after the booking's end: a later one is not a record of the day. */
export const NO_SHOW_CLOSES_HOURS = 24;

/** What the no-show rule needs of a booking: the stay's fields, whether its listing required check-in, and its no-show. */
export interface NoShowBooking extends StayBooking {
  requiresCheckIn: boolean;
}

/**
 * Why the owner cannot mark `booking` a no-show at `now`, as the message the owner is shown, or null
 * when they can (also when it is marked already: the first time stays). A no-show needs a listing
 * that required check-in when it was booked, a confirmed booking not checked into, and `now` from
 * {@link NO_SHOW_AFTER_MINUTES} after the start to {@link NO_SHOW_CLOSES_HOURS} hours after the end.
 */
export function noShowProblem(booking: NoShowBooking, now: Date): string | null {
  if (booking.noShowMarkedAt) return null;
  if (!booking.requiresCheckIn) return 'This booking did not require check-in: it cannot be marked a no-show.';
  if (booking.status !== 'confirmed') return 'Only a confirmed booking can be marked a no-show.';
  if (booking.checkedInAt) return 'The renter checked in: this booking cannot be marked a no-show.';
  if (now < after(booking.startDate, NO_SHOW_AFTER_MINUTES * MINUTE_MS))
    return `A no-show can be marked ${NO_SHOW_AFTER_MINUTES} minutes after the start of the booking.`;
  if (now >= after(booking.endDate, NO_SHOW_CLOSES_HOURS * HOUR_MS))
    return `A no-show can be marked up to ${NO_SHOW_CLOSES_HOURS} hours after the end of the booking.`;
  return null;
}

/** Whether the owner can mark `booking` a no-show at `now` and has not yet (the owner's list shows the button). */
export function canMarkNoShow(booking: NoShowBooking, now: Date): boolean {
  return !booking.noShowMarkedAt && noShowProblem(booking, now) === null;
}

/** What a listing that requires check-in adds to its cancellation policy: a renter marked a no-show gets nothing back. */
export const NO_SHOW_POLICY_TEXT = 'No-shows are not refunded.';

/** The cancellation policy a renter reads: the tier's text, and {@link NO_SHOW_POLICY_TEXT} where check-in is required. */
export function cancellationPolicyText(tier: CancellationPolicyTier, requiresCheckIn: boolean): string {
  return requiresCheckIn ? `${CANCELLATION_POLICY_TEXT[tier]} ${NO_SHOW_POLICY_TEXT}` : CANCELLATION_POLICY_TEXT[tier];
}

/** Who attests a turnover checklist: the booking's renter or its space's owner. */
export type TurnoverRole = 'renter' | 'owner';

/**
 * Why `role` cannot attest the room's state on `booking` at `now`, or null when they can (each
 * attestation is kept: attesting again adds one). The renter attests at check-out: after checking in,
 * until check-out closes ({@link CHECK_OUT_CLOSES_HOURS} hours after the end). The owner attests from
 * the opening of check-in to the same close. A confirmed booking only, and never a no-show's renter.
 */
export function turnoverProblem(booking: NoShowBooking, role: TurnoverRole, now: Date): string | null {
  if (booking.status !== 'confirmed') return 'Only a confirmed booking has a turnover checklist.';
  if (now >= after(booking.endDate, CHECK_OUT_CLOSES_HOURS * HOUR_MS))
    return `The turnover checklist closes ${CHECK_OUT_CLOSES_HOURS} hours after the end of the booking.`;
  if (role === 'owner') {
    if (now < after(booking.startDate, -CHECK_IN_OPENS_MINUTES * MINUTE_MS))
      return `The turnover checklist opens ${CHECK_IN_OPENS_MINUTES} minutes before the start of the booking.`;
    return null;
  }
  if (!booking.checkedInAt) return 'Check in before filling in the turnover checklist.';
  return null;
}

/**
 * What the renter's reminder says of checking in: when it opens, and where the listing requires it, that a
 * renter who has not checked in may be marked a no-show.
 */
export function checkInReminderText(requiresCheckIn: boolean): string {
  const opens = `Check in on your booking's page when you arrive (from ${CHECK_IN_OPENS_MINUTES} minutes before the start).`;
  return requiresCheckIn
    ? `${opens} This space requires check-in: without one ${NO_SHOW_AFTER_MINUTES} minutes after the start, the owner may mark a no-show. ${NO_SHOW_POLICY_TEXT}`
    : opens;
}
