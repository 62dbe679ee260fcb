import { useMutation } from '@tanstack/react-query';
import type { RescheduleAnswer, RescheduleRequest } from '@/shared/schemas/reschedules';
import { api } from '@/client/lib/api-client';

/**
 * PUT /api/bookings/:id/reschedule: moves the booking (instant book), or asks the owner to
 * (`status: 'reschedule_requested'`). `currentStartDate` is the start the dialog showed: a booking
 * moved meanwhile is refused (409).
 */
export function rescheduleBooking(bookingId: string, input: RescheduleRequest): Promise<RescheduleAnswer> {
  return api.put<RescheduleAnswer>(`/api/bookings/${encodeURIComponent(bookingId)}/reschedule`, input);
}

/** Moves a booking; `onChanged` refreshes the lists that show it. */
export function useRescheduleBooking(bookingId: string, onChanged: () => void) {
  return useMutation({
    mutationFn: (input: RescheduleRequest) => rescheduleBooking(bookingId, input),
    onSettled: onChanged,
  });
}
