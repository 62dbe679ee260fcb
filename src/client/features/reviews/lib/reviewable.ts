import { reviewWindowState } from '@/shared/reviews';

/** What the review panel needs of a booking in a list. */
export interface ListedBooking {
  id: string;
  status: string;
  endDate: string;
  seriesId: string | null;
}

/**
 * Whether a booking of `bookings` stands for a stay whose review window is open at `now`
 * (docs/decisions/028-reviews.md): a confirmed booking that has ended less than 14 days ago, and for
 * a series only its last confirmed occurrence in the list, once that has ended (a series is one stay).
 */
export function offersReview(booking: ListedBooking, bookings: readonly ListedBooking[], now: number): boolean {
  if (booking.status !== 'confirmed') return false;
  if (booking.seriesId) {
    const later = bookings.some(
      (other) => other.seriesId === booking.seriesId && other.status === 'confirmed' && new Date(other.endDate) > new Date(booking.endDate),
    );
    if (later) return false;
  }
  return reviewWindowState(new Date(booking.endDate), new Date(now)) === 'open';
}
