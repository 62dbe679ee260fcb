import { api } from '@/client/lib/api-client';

/**
 * DELETE /api/bookings/:id/hold: gives up the renter's unpaid hold (docs/api.md), so its dates are
 * free at once and it does not count towards their unpaid holds. 204; 409 when its payment went
 * through (the server then leaves it alone).
 */
export function releaseBookingHold(bookingId: string): Promise<void> {
  return api.delete<void>(`/api/bookings/${encodeURIComponent(bookingId)}/hold`);
}
