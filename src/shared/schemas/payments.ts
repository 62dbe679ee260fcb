/**
 * Payouts (Stripe Connect accounts and onboarding links) and the demo payment provider's payloads.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { textSchema } from './fields';

/** POST /api/demo-payments/confirm: the demo card form (docs/decisions/012-payment-providers.md). Nothing is charged. */
export const demoPaymentConfirmSchema = z.object({
  clientSecret: textSchema.min(1).max(200),
  cardNumber: textSchema
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  expiry: textSchema.regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, "Your card's expiration date is incomplete."),
  cvc: textSchema.regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type DemoPaymentConfirmInput = z.input<typeof demoPaymentConfirmSchema>;
/** The answer of POST /api/demo-payments/confirm when the payment succeeded. */
export const demoPaymentResultSchema = z.object({
  status: z.literal('succeeded'),
  paymentIntentId: z.string(),
});
export type DemoPaymentResult = z.infer<typeof demoPaymentResultSchema>;
/** POST /api/stripe/create-connect-account (docs/product.md#api-calls): `userId`, when sent, must be the session user; the account's email is the user's own. */
export const createConnectAccountSchema = z
  .object({
    userId: z.uuid().optional(),
    email: textSchema.max(320).optional(),
  })
  .optional();
/** The answer of POST /api/stripe/create-connect-account. */
export const connectAccountSchema = z.object({ accountId: z.string() });
export type ConnectAccount = z.infer<typeof connectAccountSchema>;
/** POST /api/stripe/account-link (docs/product.md#api-calls): `userId`, when sent, must be the session user. */
export const accountLinkRequestSchema = z.object({ userId: z.uuid().optional() }).optional();
/** The onboarding link the browser is sent to. */
export const accountLinkSchema = z.object({ url: z.string() });
export type AccountLink = z.infer<typeof accountLinkSchema>;
/** GET /api/stripe/account-status/{userId} (docs/product.md#data, Payment account status). */
export const accountStatusSchema = z.object({
  hasAccount: z.boolean(),
  chargesEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
});
export type AccountStatus = z.infer<typeof accountStatusSchema>;
/** The demo onboarding form (POST /api/demo-payments/onboarding, form-encoded). */
export const demoOnboardingSchema = z.object({
  account: textSchema.min(1).max(100),
  return_url: textSchema.min(1).max(2000),
  refresh_url: textSchema.max(2000).optional(),
});
