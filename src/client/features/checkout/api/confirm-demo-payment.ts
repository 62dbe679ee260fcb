import type { DemoPaymentConfirmInput, DemoPaymentResult } from '@/shared/schemas/payments';
import { api } from '@/client/lib/api-client';

/**
 * POST /api/demo-payments/confirm (demo payments only, session required): pays a booking's payment
 * intent with the demo card. 402 with `{ message }` when the card is declined.
 */
export function confirmDemoPayment(input: DemoPaymentConfirmInput): Promise<DemoPaymentResult> {
  return api.post<DemoPaymentResult>('/api/demo-payments/confirm', input);
}
