/**
 * A booking's way in (docs/product.md#the-day-of-the-stay): when a confirmed renter is shown the
 * listing's access instructions or the booking's door code, and when a door code opens the lock.
 * The server asks these before it reveals anything; the client asks them to say when it will.
 */
import { addHours, addMinutes } from 'date-fns';

/** How renters get in: the owner's written instructions, or a door code per booking from the listing's lock. */
export const ACCESS_METHODS = ['instructions', 'door_code'] as const;
export type AccessMethod = (typeof ACCESS_METHODS)[number];

/** The fewest and most hours before the start that the way in is revealed. */
export const MIN_REVEAL_HOURS = 1;
export const MAX_REVEAL_HOURS = 72;
/** A listing's reveal hours when the owner has not chosen. */
export const DEFAULT_REVEAL_HOURS = 24;

/** A door code opens the lock this many minutes before the booking's start ... */
export const CODE_VALID_BEFORE_MINUTES = 15;
/** ... and until this many minutes after its end; then it is deleted. */
export const CODE_VALID_AFTER_MINUTES = 15;

/** The most characters of a listing's access instructions. */
export const ACCESS_INSTRUCTIONS_MAX = 2000;

/** When the way in of a booking starting at `startAt` is revealed to its renter: `revealHours` hours before. */
export function revealAt(startAt: Date, revealHours: number): Date {
  return addHours(startAt, -revealHours);
}

/** When a booking's door code opens the lock: from 15 minutes before `startAt` to 15 minutes after `endAt`. */
export function codeValidity(startAt: Date, endAt: Date): { validFrom: Date; validUntil: Date } {
  return { validFrom: addMinutes(startAt, -CODE_VALID_BEFORE_MINUTES), validUntil: addMinutes(endAt, CODE_VALID_AFTER_MINUTES) };
}

/**
 * Whether the renter of a booking (`status`, its range, reveal hours) is shown its way in at `now`:
 * a confirmed booking, from {@link revealAt} until its code stops opening the lock (15 minutes
 * after the end). The owner is shown it whenever it exists.
 */
export function isRevealedToRenter(booking: { status: string; startAt: Date; endAt: Date }, revealHours: number, now: Date): boolean {
  if (booking.status !== 'confirmed') return false;
  return now >= revealAt(booking.startAt, revealHours) && now < codeValidity(booking.startAt, booking.endAt).validUntil;
}
