import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, CreateBookingInput } from '@/shared/schemas/bookings';
import { api } from '@/client/lib/api-client';
import { getUserBookingsQueryOptions } from './get-user-bookings';

/** POST /api/bookings: records a paid booking (the server verifies the payment). */
export function createBooking(input: CreateBookingInput): Promise<Booking> {
  return api.post<Booking>('/api/bookings', input);
}

/** Creates a booking and refreshes the renter's bookings. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: (booking) => {
      void queryClient.invalidateQueries({ queryKey: getUserBookingsQueryOptions(booking.renterId).queryKey });
    },
  });
}
