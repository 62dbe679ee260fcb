import type { DemoPaymentConfirmInput, DemoPaymentResult } from '@/shared/schemas/payments';
import { api } from '@/client/lib/api-client';

/**
 * POST /api/demo-payments/confirm-donation (demo payments only; no session needed, visitors may donate):
 * pays a donation's payment intent with the demo card. 402 with `{ message }` when the card is declined.
 */
export function confirmDemoDonation(input: DemoPaymentConfirmInput): Promise<DemoPaymentResult> {
  return api.post<DemoPaymentResult>('/api/demo-payments/confirm-donation', input);
}
