import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BookingPaymentIntent, createBookingPaymentIntentSchema } from '@/shared/schemas/bookings';
import { api } from '@/client/lib/api-client';

export type CreateBookingPaymentIntentInput = z.input<typeof createBookingPaymentIntentSchema>;

/** POST /api/create-booking-payment-intent: the amount to pay, the platform fee and the client secret. Idempotent per `idempotencyKey`. */
export function createBookingPaymentIntent(input: CreateBookingPaymentIntentInput): Promise<BookingPaymentIntent> {
  return api.post<BookingPaymentIntent>('/api/create-booking-payment-intent', input);
}

export function useCreateBookingPaymentIntent() {
  return useMutation({ mutationFn: createBookingPaymentIntent });
}
