import { useMutation } from '@tanstack/react-query';
import type { Booking } from '@/shared/schemas/bookings';
import type { NoShowDisputeInput } from '@/shared/schemas/stays';
import { api } from '@/client/lib/api-client';

/** POST /api/bookings/:id/no-show: the space's owner marks the renter a no-show; answers the booking. */
export function markNoShow(bookingId: string): Promise<Booking> {
  return api.post<Booking>(`/api/bookings/${encodeURIComponent(bookingId)}/no-show`);
}

/** POST /api/bookings/:id/no-show/dispute: the renter disputes the no-show with a reason; answers the booking. */
export function disputeNoShow(bookingId: string, input: NoShowDisputeInput): Promise<Booking> {
  return api.post<Booking>(`/api/bookings/${encodeURIComponent(bookingId)}/no-show/dispute`, input);
}

/** Marks a no-show; `onMarked` is told the booking as it now is. */
export function useMarkNoShow(onMarked: (booking: Booking) => void) {
  return useMutation({ mutationFn: (bookingId: string) => markNoShow(bookingId), onSuccess: onMarked });
}

/** Disputes a no-show; `onDisputed` is told the booking as it now is. */
export function useDisputeNoShow(onDisputed: (booking: Booking) => void) {
  return useMutation({
    mutationFn: ({ bookingId, input }: { bookingId: string; input: NoShowDisputeInput }) => disputeNoShow(bookingId, input),
    onSuccess: onDisputed,
  });
}
