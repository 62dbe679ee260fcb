import { useMutation } from '@tanstack/react-query';
import type { DemoPaymentConfirmInput, DemoPaymentResult } from '@/shared/schemas/payments';
import { api } from '@/client/lib/api-client';

/** What a demo payment pays for: a booking (session required) or a donation (visitors may donate, SPEC section 6). */
export type DemoPaymentKind = 'booking' | 'donation';

const CONFIRM_PATHS: Record<DemoPaymentKind, string> = {
  booking: '/api/demo-payments/confirm',
  donation: '/api/demo-payments/confirm-donation',
};

/**
 * POST /api/demo-payments/confirm, or /confirm-donation for a donation (demo
 * payments only): 402 with `{ message }` when the card is declined.
 */
export function confirmDemoPayment(input: DemoPaymentConfirmInput, kind: DemoPaymentKind = 'booking'): Promise<DemoPaymentResult> {
  return api.post<DemoPaymentResult>(CONFIRM_PATHS[kind], input);
}

export function useConfirmDemoPayment(kind: DemoPaymentKind = 'booking') {
  return useMutation({ mutationFn: (input: DemoPaymentConfirmInput) => confirmDemoPayment(input, kind) });
}
