/**
 * The booking lifecycle as one table of states and transitions (DESIGN
 * decision 4; STYLE: Sharetribe's explicit state graph). Code asks
 * {@link canTransition} before it changes a booking's status.
 *
 * Instant booking: payment succeeds -> confirmed. Request-to-book: pending,
 * then accept -> confirmed or decline -> declined. Either side may cancel.
 */
import type { BookingStatus } from './constants';

export type BookingTransition = 'accept' | 'decline' | 'cancel';

const TRANSITIONS: Record<BookingStatus, Partial<Record<BookingTransition, BookingStatus>>> = {
  pending: { accept: 'confirmed', decline: 'declined', cancel: 'cancelled' },
  confirmed: { cancel: 'cancelled' },
  declined: {},
  cancelled: {},
};

/** The status a transition leads to from `from`, or null when it is not allowed. */
export function nextStatus(from: BookingStatus, transition: BookingTransition): BookingStatus | null {
  return TRANSITIONS[from][transition] ?? null;
}

/** Whether `transition` is allowed from `from`. */
export function canTransition(from: BookingStatus, transition: BookingTransition): boolean {
  return nextStatus(from, transition) !== null;
}

/** Badge colour of a status (SPEC section 4): confirmed green, pending yellow, cancelled red, others grey. */
export function statusColor(status: string): 'green' | 'yellow' | 'red' | 'grey' {
  if (status === 'confirmed') return 'green';
  if (status === 'pending') return 'yellow';
  if (status === 'cancelled') return 'red';
  return 'grey';
}
