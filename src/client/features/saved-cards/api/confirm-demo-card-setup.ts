import type { DemoPaymentConfirmInput } from '@/shared/schemas/payments';
import type { DemoSetupResult } from '@/shared/schemas/saved-cards';
import { api } from '@/client/lib/api-client';

/**
 * POST /api/demo-payments/confirm-setup (demo payments only): saves the demo card on the setup intent of
 * `clientSecret`. 402 with `{ message }` when the card is declined.
 */
export function confirmDemoCardSetup(input: DemoPaymentConfirmInput): Promise<DemoSetupResult> {
  return api.post<DemoSetupResult>('/api/demo-payments/confirm-setup', input);
}
