/**
 * Which papers a booking has, and where (docs/decisions/027-receipts-and-agreements.md): one rule
 * for the server, which refuses a paper before its time with 409, for the profile's booking lists
 * that link them, and for the confirmation email.
 *
 * - the receipt once money was taken (paid, or refunded since): the renter's and the owner's;
 * - the space-use agreement of a booking confirmed (or cancelled after payment): the two parties';
 * - the payout statement, once money was taken: the owner's only.
 *
 * A series has one payment, so one of each, named by any of its occurrences (the lists use the first).
 */
import { withQuery } from './query-string';
import type { CheckoutRecurrence } from './schemas/booking-series';

/** Payment statuses that mean money was taken, a refund of it included (the database's and the API's alike). */
export const PAID_PAYMENT_STATUSES: readonly string[] = ['paid', 'partially_refunded', 'refunded'];

/** Booking statuses with an agreement, once paid: confirmed (past ones stay confirmed) and cancelled after payment. */
export const AGREED_BOOKING_STATUSES: readonly string[] = ['confirmed', 'cancelled'];

/** A booking as these rules read it (the API's `Booking` or the stored row; for an occurrence, its series' payment status). */
export interface PaperBooking {
  status: string;
  paymentStatus: string;
}

/** Whether money was taken for the booking: it has a receipt (and its owner a payout statement). */
export const hasReceipt = (booking: PaperBooking) => PAID_PAYMENT_STATUSES.includes(booking.paymentStatus);

/** Whether the booking has its space-use agreement: confirmed (or cancelled) after payment. */
export const hasAgreement = (booking: PaperBooking) => hasReceipt(booking) && AGREED_BOOKING_STATUSES.includes(booking.status);

/** The papers of a booking, as their API paths. */
export type PaperKind = 'receipt' | 'agreement' | 'payout-statement';

/** GET /api/bookings/{id}/receipt.pdf, agreement.pdf or payout-statement.pdf. */
export function paperPath(bookingId: string, kind: PaperKind): string {
  return `/api/bookings/${encodeURIComponent(bookingId)}/${kind}.pdf`;
}

/** The papers `viewer` may open for a booking now, in the order they are shown (receipt, agreement, payout statement). */
export function paperKinds(booking: PaperBooking, viewer: 'renter' | 'owner'): PaperKind[] {
  const kinds: PaperKind[] = [];
  if (hasReceipt(booking)) kinds.push('receipt');
  if (hasAgreement(booking)) kinds.push('agreement');
  if (viewer === 'owner' && hasReceipt(booking)) kinds.push('payout-statement');
  return kinds;
}

/**
 * GET /api/spaces/{id}/agreement-preview.pdf: the agreement of a booking about to be made, its first
 * occurrence and, for a weekly series, its recurrence (weekdays comma-separated, `until` or `count`),
 * or for a standing booking its weekdays and `billing`.
 */
export function agreementPreviewPath(
  spaceId: string,
  details: { startDate: string; endDate: string },
  recurrence?: CheckoutRecurrence,
): string {
  const standing = recurrence?.standing === true ? recurrence : undefined;
  const series = recurrence?.standing !== true ? recurrence : undefined;
  return withQuery(`/api/spaces/${encodeURIComponent(spaceId)}/agreement-preview.pdf`, {
    startDate: details.startDate,
    endDate: details.endDate,
    weekdays: recurrence?.weekdays.join(','),
    until: series?.until,
    count: series?.count,
    billing: standing?.billing,
  });
}
