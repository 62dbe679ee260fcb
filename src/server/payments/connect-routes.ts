/**
 * Payout onboarding routes (docs/product.md#payment-settings and #api-calls;
 * docs/decisions/012-payment-providers.md): Stripe Connect Express with `PAYMENTS=stripe`, the demo
 * provider's stand-in with `PAYMENTS=demo`. The path segment is `stripe` for
 * both. Identity from the session; a `userId` in a body or path must be the
 * session user (403).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../shared/schemas/fields';
import {
  accountLinkRequestSchema,
  accountLinkSchema,
  accountStatusSchema,
  connectAccountSchema,
  createConnectAccountSchema,
} from '../../shared/schemas/payments';
import { requireSelf } from '../auth/session';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { ensureConnectedAccount, refreshAccountStatus } from './accounts';
import type { PaymentProvider } from './provider';

/** Where Stripe sends the owner back: the `refresh` and `success` returns of /payments/connect (docs/product.md#payment-settings). */
export function onboardingUrls(publicUrl: string): { refreshUrl: string; returnUrl: string } {
  return { refreshUrl: `${publicUrl}/payments/connect?refresh=true`, returnUrl: `${publicUrl}/payments/connect?success=true` };
}

export const connectRoutes: FastifyPluginAsyncZod<{ db: Database; payments: PaymentProvider | null; publicUrl: string }> = async (
  app,
  { db, payments, publicUrl },
) => {
  const requirePayments = () => {
    if (!payments) throw new HttpError(503, 'Payment processing is currently not available. Please contact support.');
    return payments;
  };
  const auth = { auth: 'required' as const };

  app.post(
    '/api/stripe/create-connect-account',
    {
      schema: {
        summary: "Creates the owner's payout account.",
        description:
          "Body: `createConnectAccountSchema` (`userId?` = session user, `email?` ignored: the account gets the user's " +
          "email). `{ accountId }`: the user's Connect Express account (demo: a demo account), created once and stored in " +
          '`users.stripe_connect_account_id`; asking again returns the same one; 403 another `userId`.',
        body: createConnectAccountSchema,
        response: { 200: connectAccountSchema },
      },
      config: auth,
    },
    async (request) => {
      const user = requireSelf(request, request.body?.userId);
      return { accountId: await ensureConnectedAccount(db, requirePayments(), user) };
    },
  );

  app.post(
    '/api/stripe/account-link',
    {
      schema: {
        summary: "A link to the payout account's onboarding.",
        description:
          'Body: `accountLinkRequestSchema` (`userId?` = session user). `{ url }`: the onboarding link (creates the ' +
          'account first if needed); Stripe sends the owner back to `${PUBLIC_URL}/payments/connect?success=true`, or ' +
          '`?refresh=true` when the link expired. Demo: a link to `/api/demo-payments/onboarding`.',
        body: accountLinkRequestSchema,
        response: { 200: accountLinkSchema },
      },
      config: auth,
    },
    async (request) => {
      const user = requireSelf(request, request.body?.userId);
      const provider = requirePayments();
      const accountId = await ensureConnectedAccount(db, provider, user);
      return { url: await provider.createAccountLink({ accountId, ...onboardingUrls(publicUrl) }) };
    },
  );

  app.get(
    '/api/stripe/account-status/:userId',
    {
      schema: {
        summary: "Whether the owner's payout account can be paid (own only).",
        description:
          '`{ hasAccount, chargesEnabled, detailsSubmitted }`, refreshed from the provider and stored on the user ' +
          '(`stripe_charges_enabled`, `stripe_details_submitted`, `stripe_onboarding_completed`, `stripe_account_status` ' +
          "`active`/`pending`); own only (403). Bookings send the owner's share to the account (destination charge with " +
          'the platform fee) only when charges are enabled.',
        params: z.object({ userId: idParamSchema }),
        response: { 200: accountStatusSchema },
      },
      config: auth,
    },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      return refreshAccountStatus(db, requirePayments(), user.stripeConnectAccountId);
    },
  );
};
