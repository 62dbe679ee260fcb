import { useMutation } from '@tanstack/react-query';
import type { CheckoutAnswer, CheckoutRequest } from '@/shared/schemas/booking-series';
import { api } from '@/client/lib/api-client';

export type CreateBookingPaymentIntentInput = CheckoutRequest;

/**
 * POST /api/create-booking-payment-intent: the amount to pay, the platform fee and the client secret;
 * with `recurrence`, for a whole weekly series (its id and held occurrences; 409 with `conflicts` when
 * some cannot be booked, docs/decisions/026-booking-series.md). Idempotent per `idempotencyKey`.
 */
export function createBookingPaymentIntent(input: CreateBookingPaymentIntentInput): Promise<CheckoutAnswer> {
  return api.post<CheckoutAnswer>('/api/create-booking-payment-intent', input);
}

export function useCreateBookingPaymentIntent() {
  return useMutation({ mutationFn: createBookingPaymentIntent });
}
