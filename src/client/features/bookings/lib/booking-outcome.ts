import { formatUsd } from '@/shared/money';
import type { Booking } from '@/shared/schemas/bookings';
import { centsOf } from '@/client/lib/format';

/** A refund in dollars for people: "$120.00"; "$0.00" stays visible so "no refund" is explicit. */
export function formatRefund(amount: string | null): string {
  return formatUsd(centsOf(amount ?? '0') ?? 0);
}

/**
 * One line on what happened to a booking, for the renter's list
 * (docs/decisions/005-bookings-as-holds.md): waiting for the owner, declined or expired without a charge,
 * or cancelled with its refund. Null when there is nothing to add.
 */
export function bookingOutcome(booking: Pick<Booking, 'status' | 'refundAmount' | 'cancelledBy' | 'instantBook'>): string | null {
  switch (booking.status) {
    case 'pending':
      return "Request sent. Waiting for the owner's answer; your card is only charged if they accept.";
    case 'declined':
      return 'The owner declined this request. Your card was not charged.';
    case 'expired':
      return 'This request expired without an answer. Your card was not charged.';
    case 'cancelled': {
      const who = booking.cancelledBy === 'owner' ? 'Cancelled by the owner' : 'Cancelled';
      return `${who}. Refund: ${formatRefund(booking.refundAmount)}.`;
    }
    default:
      return null;
  }
}
