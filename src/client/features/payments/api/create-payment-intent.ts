import { useMutation } from '@tanstack/react-query';
import { api } from '@/client/lib/api-client';

/** POST /api/create-payment-intent (SPEC section 7): a donation of `amount` dollars; the server checks the minimum. */
export function createPaymentIntent(input: { amount: number }): Promise<{ clientSecret: string }> {
  return api.post<{ clientSecret: string }>('/api/create-payment-intent', input);
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
