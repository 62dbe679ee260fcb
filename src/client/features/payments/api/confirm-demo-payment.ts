import { useMutation } from '@tanstack/react-query';
import type { DemoPaymentConfirmInput, DemoPaymentResult } from '@/shared/schemas';
import { api } from '@/client/lib/api-client';

/** POST /api/demo-payments/confirm (demo payments only): 402 with `{ message }` when the card is declined. */
export function confirmDemoPayment(input: DemoPaymentConfirmInput): Promise<DemoPaymentResult> {
  return api.post<DemoPaymentResult>('/api/demo-payments/confirm', input);
}

export function useConfirmDemoPayment() {
  return useMutation({ mutationFn: confirmDemoPayment });
}
