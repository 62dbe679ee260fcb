/**
 * The booking lifecycle as one table of states and transitions
 * (docs/decisions/005-bookings-as-holds.md; docs/architecture.md#data-and-rules: Sharetribe's
 * explicit state graph, `transactionProcessBooking.js`). Every status change in the program asks
 * {@link nextStatus}; a transition the table does not allow is a 409.
 *
 * ```
 * awaiting_payment --pay--------> confirmed   (instant booking: the payment succeeded)
 *                  --authorize--> pending     (request-to-book: the card is authorised)
 *                  --expire-----> expired     (the hold lapsed unpaid)
 * pending          --accept-----> confirmed   (the owner accepts: the payment is captured)
 *                  --decline----> declined    (the owner declines: the authorisation is released)
 *                  --expire-----> expired     (no answer in time: released)
 * confirmed        --cancel-----> cancelled   (either side; refund by the listing's policy)
 * ```
 */
import type { BookingStatus } from './constants';

export type BookingTransition = 'pay' | 'authorize' | 'expire' | 'accept' | 'decline' | 'cancel';

const TRANSITIONS: Record<BookingStatus, Partial<Record<BookingTransition, BookingStatus>>> = {
  awaiting_payment: { pay: 'confirmed', authorize: 'pending', expire: 'expired' },
  pending: { accept: 'confirmed', decline: 'declined', expire: 'expired' },
  confirmed: { cancel: 'cancelled' },
  declined: {},
  cancelled: {},
  expired: {},
};

/** The status a transition leads to from `from`, or null when it is not allowed. */
export function nextStatus(from: BookingStatus, transition: BookingTransition): BookingStatus | null {
  return TRANSITIONS[from][transition] ?? null;
}

/** Whether `transition` is allowed from `from`. */
export function canTransition(from: BookingStatus, transition: BookingTransition): boolean {
  return nextStatus(from, transition) !== null;
}

/** The statuses from which `transition` is allowed (for a guarded `UPDATE ... WHERE status IN (...)`). */
export function statusesAllowing(transition: BookingTransition): BookingStatus[] {
  return (Object.keys(TRANSITIONS) as BookingStatus[]).filter((status) => canTransition(status, transition));
}

/** A status as people see it: a booking's own status, or 'completed' for a confirmed booking that has ended. */
export type ShownStatus = BookingStatus | 'completed';

/**
 * The status a list shows: a confirmed booking whose end has passed is 'completed' (a stay that
 * happened), not 'confirmed'. A label only: no state of the table, and nothing changes the booking.
 */
export function shownStatus(status: BookingStatus, ended: boolean): ShownStatus {
  return status === 'confirmed' && ended ? 'completed' : status;
}

/** Badge colour of a status (docs/product.md#behaviour): confirmed green, pending yellow, cancelled red, others (completed too) grey. */
export function statusColor(status: string): 'green' | 'yellow' | 'red' | 'grey' {
  if (status === 'confirmed') return 'green';
  if (status === 'pending') return 'yellow';
  if (status === 'cancelled') return 'red';
  return 'grey';
}
