import { useMutation } from '@tanstack/react-query';
import type { Booking } from '@/shared/schemas/bookings';
import { STAY_STEP_PATHS } from '@/shared/schemas/stays';
import type { StayStep } from '@/shared/stays';
import { api } from '@/client/lib/api-client';

/** POST /api/bookings/:id/check-in or /check-out: the renter takes a step of the day of the stay; answers the booking. */
export function takeStayStep(bookingId: string, step: StayStep): Promise<Booking> {
  return api.post<Booking>(`/api/bookings/${encodeURIComponent(bookingId)}/${STAY_STEP_PATHS[step]}`);
}

/** Takes a step of the day of the stay; `onTaken` is told the booking as it now is. */
export function useTakeStayStep(onTaken: (booking: Booking) => void) {
  return useMutation({
    mutationFn: ({ bookingId, step }: { bookingId: string; step: StayStep }) => takeStayStep(bookingId, step),
    onSuccess: onTaken,
  });
}
