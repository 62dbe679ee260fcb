import { useMutation } from '@tanstack/react-query';
import { api } from '@/client/lib/api-client';

/**
 * POST /api/create-payment-intent (docs/product.md#api-calls): a donation of `amount`
 * dollars; no session needed. The server checks the minimum ($1, 400). The
 * same `idempotencyKey` and amount return the same intent.
 */
export function createPaymentIntent(input: { amount: number; idempotencyKey?: string }): Promise<{ clientSecret: string }> {
  return api.post<{ clientSecret: string }>('/api/create-payment-intent', input);
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
