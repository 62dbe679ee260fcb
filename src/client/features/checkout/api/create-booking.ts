import { useMutation } from '@tanstack/react-query';
import type { Booking, CreateBookingInput } from '@/shared/schemas/bookings';
import { api } from '@/client/lib/api-client';

/** POST /api/bookings: records a paid booking (the server verifies the payment). 409 with `{ message }` when it cannot. */
export function createBooking(input: CreateBookingInput): Promise<Booking> {
  return api.post<Booking>('/api/bookings', input);
}

/** Records a paid booking. Refreshing the renter's bookings is left to the caller (`useBookingCheckout`'s `onBooked`). */
export function useCreateBooking() {
  return useMutation({ mutationFn: createBooking });
}
